import type { Context } from 'aws-lambda';
import { httpOperation, timedCall } from './dependency-latency';

/**
 * How long a function may wait for the services it depends on. Each request to AWS, Stripe, Zoom
 * or Calendly gets a connection and a request timeout and a bounded number of attempts, sized so
 * that a dependency that stops answering costs a few seconds and the function answers 503
 * (functions/http/responses.ts) well before its own timeout (FUNCTION_TIMEOUT_SECONDS).
 */

/** Every function's timeout, in CDK (lib/api.ts) and in the local API server (bin/local/api-server.ts). */
export const FUNCTION_TIMEOUT_SECONDS = 10;

/**
 * AWS SDK clients: DynamoDB answers in milliseconds, so 2.5 s is a stall, and two attempts keep a
 * dead table to about 5 s; throttling is retried by the SDK's own backoff within the same budget.
 * DynamoDB Local on a shared two-core machine can take seconds per transaction under load, so the
 * local stack sets one attempt of up to 8 s instead (AWS_REQUEST_TIMEOUT_MS, AWS_MAX_ATTEMPTS):
 * the same total, still inside the function timeout, without failing slow but healthy requests.
 */
export const awsClientSettings = () => ({
  maxAttempts: Number(process.env.AWS_MAX_ATTEMPTS) || 2,
  requestHandler: {
    connectionTimeout: 1_000,
    requestTimeout: Number(process.env.AWS_REQUEST_TIMEOUT_MS) || 2_500,
    // Without throwOnRequestTimeout the SDK only logs a warning when a request runs over.
    throwOnRequestTimeout: true,
  },
});

/** Stripe's client: one retry (it sends idempotency keys), 3 s each. */
export const STRIPE_CLIENT_SETTINGS = { timeout: 3_000, maxNetworkRetries: 1 } as const;

/** Zoom, Calendly, Google and Microsoft over fetch. */
export const OUTBOUND_REQUEST_TIMEOUT_MS = 3_000;

/** Whatever a payment provider call takes in all, retries included; a stand-in that hangs is cut off here too. */
export const PAYMENTS_CALL_BUDGET_MS = 2 * STRIPE_CLIENT_SETTINGS.timeout + 500;

/** How long a caller should wait before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/** A dependency did not answer in time or refused for load; the request may be retried later. */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: string,
    cause: unknown,
  ) {
    super(`${dependency} is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DependencyUnavailableError';
  }
}

/** Error names the AWS SDK, fetch (AbortSignal.timeout) and Node use for a timeout or throttling. */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'AbortError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ThrottlingException',
  'Throttling',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'LimitExceededException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'DependencyUnavailableError',
]);
/** Stripe's error classes for a connection failure, rate limiting and its own 5xx. */
const UNAVAILABLE_STRIPE_TYPES = new Set(['StripeConnectionError', 'StripeRateLimitError', 'StripeAPIError']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/** True when the error means a dependency timed out, throttled or could not be reached (not a bug, not bad input). */
export function isDependencyUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { name, code, type, $metadata } = error as Error & {
    code?: string;
    type?: string;
    $metadata?: { httpStatusCode?: number };
  };
  if (UNAVAILABLE_NAMES.has(name)) return true;
  if (type && UNAVAILABLE_STRIPE_TYPES.has(type)) return true;
  if (code && UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  const status = $metadata?.httpStatusCode;
  if (status === 429 || status === 503) return true;
  return error.cause !== undefined && error.cause !== error && isDependencyUnavailable(error.cause);
}

/**
 * `run`'s outcome, or after `ms` the error `timedOut` makes then (the work itself is left to finish or
 * die): the one deadline behind a dependency's budget, a function's timeout and the local stack's waits.
 */
export async function withDeadline<T>(run: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  try {
    return await Promise.race([run, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `call`, giving up after `budgetMs` with DependencyUnavailableError (the call itself is left to finish or die). */
export const withinBudget = <T>(dependency: string, budgetMs: number, call: () => Promise<T>): Promise<T> =>
  withDeadline(call(), budgetMs, () => new DependencyUnavailableError(dependency, `no answer in ${budgetMs} ms`));

/** How long before the function's timeout a request stops waiting and answers 503. */
export const ANSWER_BEFORE_TIMEOUT_MS = 1_000;

/**
 * Runs `call` until shortly before the function's deadline, then gives up with
 * DependencyUnavailableError (a 503 with Retry-After). Each request to a dependency has its own
 * timeout, but an operation that makes many (the directory's shards and pages) could add up past
 * the function's timeout, which API Gateway answers with a bare 500.
 */
export function answeredBeforeTimeout<T>(context: Context | undefined, call: () => Promise<T>): Promise<T> {
  const remainingMs = context?.getRemainingTimeInMillis?.();
  if (remainingMs === undefined) return call();
  return withinBudget('dependencies', Math.max(0, remainingMs - ANSWER_BEFORE_TIMEOUT_MS), call);
}

/** fetch with a request timeout; a timeout or a refused connection becomes DependencyUnavailableError. */
export async function boundedFetch(
  dependency: string,
  url: string,
  init: RequestInit = {},
  timeoutMs = OUTBOUND_REQUEST_TIMEOUT_MS,
): Promise<Response> {
  try {
    const response = await timedCall(dependency, httpOperation(init.method, url), () =>
      fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    );
    if (response.status === 429 || response.status >= 500) {
      throw new DependencyUnavailableError(dependency, `${response.status} ${await response.text()}`);
    }
    return response;
  } catch (error) {
    if (error instanceof DependencyUnavailableError) throw error;
    throw isDependencyUnavailable(error) || error instanceof TypeError
      ? new DependencyUnavailableError(dependency, error)
      : error;
  }
}
