import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

export interface Caller {
  userId: string;
}

/** The signed-in user, as the JWT authorizer (API Gateway, or the local server) verified it. */
export function callerOf(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller | null {
  const sub = event.requestContext.authorizer?.jwt?.claims?.sub;
  return typeof sub === 'string' && sub.length > 0 ? { userId: sub } : null;
}
