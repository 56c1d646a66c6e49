import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import { log } from './log';

type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
type Result = APIGatewayProxyResultV2;

/** Outermost layer: one structured line per request, with the request id and the final status. */
export function requestLog(): MiddlewareObj<Event, Result> {
  const startedAt = new WeakMap<object, number>();
  const finish = async (request: { event: Event; response: Result | null; context: { awsRequestId: string } }) => {
    const response = request.response;
    const status = typeof response === 'object' && response ? response.statusCode : undefined;
    log('info', 'request', {
      requestId: request.context.awsRequestId,
      route: request.event.routeKey,
      status,
      durationMs: Date.now() - (startedAt.get(request.event) ?? Date.now()),
    });
  };
  return {
    before: async (request) => void startedAt.set(request.event, Date.now()),
    after: finish,
    onError: finish,
  };
}
