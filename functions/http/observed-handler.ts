import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import { tracer } from '../adapters/tracing';
import { logger } from './log';

/**
 * The outermost layers of every function (HTTP handlers, jobs, triggers): the Lambda context on
 * every log line of the invocation (request id, cold start, function name; reset afterwards) and
 * the invocation's X-Ray segment. Responses stay out of the trace: they carry personal data.
 */
export const observedHandler = <Event, Result>() =>
  middy<Event, Result>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(captureLambdaHandler(tracer, { captureResponse: false }));
