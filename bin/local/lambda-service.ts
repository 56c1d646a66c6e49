import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JOB_FUNCTION_RETRY_ATTEMPTS } from '../../functions/adapters/job-delivery';
import { log } from '../../functions/runtime/log';
import { answerAwsError, LOCAL_AWS, localFunctionArn, readBody } from './aws-local';
import { signatureProblem } from './aws-request';
import { deadLetterInvocation } from './dead-letters';
import { withinFunctionTimeout } from './function-timeout';
import { lambdaHandler } from './lambda-modules';
import type { ClockDriven } from './clock';
import { persistentTimers } from './persistent-timers';
import type { RequestLog } from './request-log';

/** Where the local API server serves Lambda's API (AWS_ENDPOINT_URL_LAMBDA). */
export const LAMBDA_PATH = '/_local/lambda';

/**
 * Lambda's limit for an asynchronous invocation's payload: 1 MB since 2025 (256 KB before), per
 * https://docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html and the Invoke API reference.
 */
export const ASYNC_PAYLOAD_LIMIT_BYTES = 1_048_576;

/** Lambda waits before retrying a failed asynchronous invocation. */
const RETRY_MS = 60_000;

/** An asynchronous invocation Lambda has queued: due at `at`, retried `retries` times so far. */
interface QueuedInvocation {
  id: string;
  functionName: string;
  payload: string;
  at: string;
  queuedAt: string;
  retries: number;
}

export interface LocalLambda extends ClockDriven {
  /** `POST /_local/lambda/2015-03-31/functions/{FunctionName}/invocations`: Lambda's Invoke, asynchronous. */
  serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Queues an asynchronous invocation, as Scheduler hands one to Lambda; throws for a function Lambda does not have. */
  invokeAsync(functionNameOrArn: string, payload: string): Promise<void>;
  /** The function an ARN or name names, or null when Lambda has no such function. */
  functionOf(functionNameOrArn: string): string | null;
  /** Arms the invocations still queued at the last stop. */
  start(): Promise<void>;
  settled(): Promise<void>;
  busy(): string[];
  /** Runs every queued invocation (a retry a minute ahead) of the function now. */
  runPendingNow(functionName: string): void;
  stop(): Promise<void>;
}

// A name, a partial ARN (account:function:name) or an ARN, optionally qualified; Invoke takes each.
const FUNCTION_REFERENCE =
  /^(?:arn:aws:lambda:(?<region>[a-z0-9-]+):)?(?:(?<account>\d{12}):)?(?:function:)?(?<name>[A-Za-z0-9_-]{1,64})(?::(?<qualifier>[A-Za-z0-9_$-]+))?$/;

const keyOf = (invocation: QueuedInvocation) => `${invocation.functionName} ${invocation.id}`;

const INVOKE_PATH = /^\/2015-03-31\/functions\/(?<function>[^/]+)\/invocations$/;

/**
 * Lambda for the local stack: the job functions (`functions`, each the job handler of its name) run
 * as Lambda runs an asynchronous invocation: queued (in a file under the data folder, so a restart
 * runs what was still queued), run, and when the function fails retried a minute later, twice, then
 * sent to the jobs' dead-letter queue (bin/local/dead-letters.ts), whose consumer keeps it in the
 * table. The product's job queue reaches it through the SDK's Invoke (InvocationType Event); the
 * local Scheduler hands it its targets directly.
 */
export function localLambda(options: {
  functions: readonly string[];
  queueFile: string;
  requestLog: RequestLog;
}): LocalLambda {
  const known = new Set(options.functions);

  const functionOf = (reference: string) => {
    const { region, account, name, qualifier } = FUNCTION_REFERENCE.exec(reference)?.groups ?? {};
    const here =
      (region ?? LOCAL_AWS.region) === LOCAL_AWS.region && (account ?? LOCAL_AWS.accountId) === LOCAL_AWS.accountId;
    // The local functions have no versions or aliases but $LATEST.
    return here && name && known.has(name) && (qualifier ?? '$LATEST') === '$LATEST' ? name : null;
  };

  const run = async (invocation: QueuedInvocation) => {
    try {
      // Loading the handler counts against the timeout too: a load that never ends must not hold settled() for good.
      await withinFunctionTimeout(
        lambdaHandler(invocation.functionName).then((handler) => handler(JSON.parse(invocation.payload))),
      );
      await queue.remove(keyOf(invocation), invocation);
    } catch (error) {
      const fields = { functionName: invocation.functionName, payload: invocation.payload, error: String(error) };
      if (invocation.retries < JOB_FUNCTION_RETRY_ATTEMPTS) {
        log('error', 'local function failed; Lambda retries it in a minute', fields);
        const at = new Date(Date.now() + RETRY_MS).toISOString();
        await queue.put({ ...invocation, at, retries: invocation.retries + 1 });
        return;
      }
      log('error', 'local function failed every retry; dead-lettered', fields);
      if (!(await queue.remove(keyOf(invocation), invocation))) return;
      // Outside the queue file's writes: the consumer's table write must not hold back what is queued meanwhile.
      await deadLetterInvocation(invocation.functionName, invocation.payload, invocation.retries + 1, error);
    }
  };

  const queue = persistentTimers<QueuedInvocation>({
    file: options.queueFile,
    label: 'invocation',
    keyOf,
    run,
  });

  const invokeAsync = async (reference: string, payload: string) => {
    const functionName = functionOf(reference);
    if (!functionName) throw new Error(`Function not found: ${reference}`);
    const now = new Date().toISOString();
    await queue.put({ id: randomUUID(), functionName, payload, at: now, queuedAt: now, retries: 0 });
  };

  async function invoke(req: IncomingMessage, res: ServerResponse, reference: string) {
    const payload = await readBody(req);
    const unsigned = signatureProblem(req, payload, 'lambda');
    if (unsigned) return answerAwsError(res, 403, unsigned.type, { message: unsigned.message });
    const type = String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse');
    if (type !== 'Event') {
      // Nothing in the product invokes a function synchronously; the local Lambda runs only what it does.
      return answerAwsError(res, 400, 'InvalidParameterValueException', {
        Type: 'User',
        message: `The local Lambda runs asynchronous invocations only (X-Amz-Invocation-Type: Event), not ${type}`,
      });
    }
    if (payload.length > ASYNC_PAYLOAD_LIMIT_BYTES) {
      return answerAwsError(res, 413, 'RequestEntityTooLargeException', {
        Type: 'User',
        message: `${payload.length} byte payload is too large for the Event invocation type (limit ${ASYNC_PAYLOAD_LIMIT_BYTES} bytes)`,
      });
    }
    const functionName = functionOf(reference);
    if (!functionName) {
      return answerAwsError(res, 404, 'ResourceNotFoundException', {
        Type: 'User',
        Message: `Function not found: ${reference.startsWith('arn:') ? reference : localFunctionArn(reference)}`,
      });
    }
    const text = payload.length > 0 ? payload.toString('utf8') : '{}';
    try {
      JSON.parse(text);
    } catch (error) {
      return answerAwsError(res, 400, 'InvalidRequestContentException', {
        Type: 'User',
        message: `Could not parse request body into json: ${(error as Error).message}`,
      });
    }
    await invokeAsync(functionName, text);
    res.writeHead(202, { 'x-amzn-RequestId': randomUUID() });
    res.end();
  }

  return {
    async serve(req, res, url) {
      const path = url.pathname.slice(LAMBDA_PATH.length);
      const reference = req.method === 'POST' ? INVOKE_PATH.exec(path)?.groups?.function : undefined;
      options.requestLog.recordOnAnswer('lambda', req, res, { path, action: reference ? 'Invoke' : undefined });
      if (reference === undefined) {
        return answerAwsError(res, 404, 'UnknownOperationException', {
          message: `${req.method} ${path} is not an operation the local Lambda serves (Invoke only)`,
        });
      }
      return invoke(req, res, decodeURIComponent(reference));
    },
    invokeAsync,
    functionOf,
    start: queue.start,
    settled: queue.settled,
    busy: queue.busy,
    nextDueAt: queue.nextDueAt,
    clockMoved: queue.clockMoved,
    runPendingNow: (functionName) => queue.runNow((invocation) => invocation.functionName === functionName),
    stop: queue.stop,
  };
}
