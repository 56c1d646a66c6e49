import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import { logger } from './log';

/**
 * The outermost layer of every function (HTTP handlers, jobs, triggers): the Lambda context on
 * every log line of the invocation (request id, cold start, function name; reset afterwards).
 * Lambda's active tracing (lib/api.ts) records the invocation's segment with its init; the trace
 * id is on every log line (functions/runtime/log.ts) and dependency calls are timed as metrics
 * (functions/runtime/dependency-latency.ts), so no X-Ray SDK runs in the function.
 */
export const observedHandler = <Event, Result>() =>
  middy<Event, Result>().use(injectLambdaContext(logger, { resetKeys: true }));
