import { log } from './log';
import { recordDependencyLatency, slowCallMs } from './metrics';

/**
 * The one place every call to a dependency is timed: AWS SDK clients (DynamoDB, S3, SES,
 * Scheduler, Cognito, Lambda, Secrets Manager) through {@link timed}, the payment provider's calls
 * (functions/adapters/payments.ts) and every fetch to Zoom, Calendly and the calendars
 * (boundedFetch) through {@link timedCall}. Each call becomes a `DependencyLatency` metric by
 * dependency and operation (the dashboard and alarms, lib/observability.ts), and a slow one a log
 * line. This replaces the X-Ray SDK's subsegments: Lambda's active tracing still records each
 * invocation with its init, and every log line carries the trace id (functions/runtime/log.ts).
 */

/** Runs `call` and records how long it took, whether it answered or failed. */
export async function timedCall<T>(dependency: string, operation: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let failed = false;
  try {
    return await call();
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    const durationMs = Math.round(performance.now() - started);
    recordDependencyLatency(dependency, operation, durationMs);
    if (durationMs >= slowCallMs(dependency)) {
      log('warn', 'slow dependency call', { dependency, operation, durationMs, failed });
    }
  }
}

/** The SDK's client names as the dashboard shows them (otherwise the name without `Client`). */
const DEPENDENCY_OF_CLIENT: Readonly<Record<string, string>> = {
  SESv2Client: 'SES',
  CognitoIdentityProviderClient: 'Cognito',
};

export const dependencyOfClient = (clientName: string) =>
  DEPENDENCY_OF_CLIENT[clientName] ?? clientName.replace(/Client$/, '');

interface MiddlewareContext {
  clientName?: string;
  commandName?: string;
}
type Next = (args: unknown) => Promise<unknown>;
interface SdkClient {
  middlewareStack: {
    add(
      middleware: (next: Next, context: MiddlewareContext) => Next,
      options: { step: 'initialize'; name: string; priority: 'high' },
    ): void;
  };
}

/**
 * An AWS SDK v3 client whose every command is timed, retries included (what the function waits for),
 * under the service's name and the API's operation name (`Query`, `TransactWriteItems`, `PutObject`).
 */
export function timed<Client>(client: Client): Client {
  (client as SdkClient).middlewareStack.add(
    (next, context) => (args) =>
      timedCall(
        dependencyOfClient(context.clientName ?? 'Unknown'),
        (context.commandName ?? 'Unknown').replace(/Command$/, ''),
        () => next(args),
      ),
    { step: 'initialize', name: 'dependencyLatency', priority: 'high' },
  );
  return client;
}

/**
 * Path segments that are ids (a Zoom meeting number, a Calendly event UUID) become `{id}`, so
 * operations stay few; the APIs' own path words are lower case without digits (`v2` is short).
 */
const isIdSegment = (segment: string) => segment.length > 3 && /[\dA-Z]/.test(segment);

/** The operation of an HTTP request as a metric dimension: the method and the path with its ids left out. */
export function httpOperation(method: string | undefined, url: string): string {
  const path = new URL(url).pathname
    .split('/')
    .map((segment) => (isIdSegment(segment) ? '{id}' : segment))
    .join('/');
  return `${(method ?? 'GET').toUpperCase()} ${path}`;
}
