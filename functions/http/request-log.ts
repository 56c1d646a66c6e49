import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import { log, logger } from '../runtime/log';
import { type BusinessMetric, countMetric } from '../runtime/metrics';

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
type Result = APIGatewayProxyResultV2;

/**
 * One structured line per request with its route and final status. Every line of the request
 * carries API Gateway's request id as `correlation_id` (the access log's `requestId`); the Lambda
 * request id and cold-start flag come from the Lambda context (observedHandler). A 5xx answer
 * counts `failureMetric` when the operation names one.
 */
export function requestLog(failureMetric?: BusinessMetric): MiddlewareObj<Event, Result> {
  const startedAt = new WeakMap<object, number>();
  const finish = async (request: { event: Event; response: Result | null }) => {
    const response = request.response;
    const status = typeof response === 'object' && response ? response.statusCode : undefined;
    log('info', 'request', {
      route: request.event.routeKey,
      status,
      durationMs: Date.now() - (startedAt.get(request.event) ?? Date.now()),
    });
    if (failureMetric && status !== undefined && status >= 500) countMetric(failureMetric);
  };
  return {
    before: async (request) => {
      startedAt.set(request.event, Date.now());
      logger.setCorrelationId(request.event.requestContext?.requestId);
    },
    after: finish,
    onError: finish,
  };
}
