import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';

export interface Caller {
  userId: string;
}

/** The signed-in user, as the JWT authorizer (API Gateway, or the local server) verified it. */
export function callerOf(event: APIGatewayProxyEventV2WithJWTAuthorizer): Caller | null {
  const sub = event.requestContext.authorizer?.jwt?.claims?.sub;
  return typeof sub === 'string' && sub.length > 0 ? { userId: sub } : null;
}

/**
 * The caller's Cognito groups. API Gateway's JWT authorizer hands every claim to the function as a
 * string, an array one as `[finance admins]` (space-separated, bracketed); an array is taken too.
 */
export function callerGroups(event: APIGatewayProxyEventV2WithJWTAuthorizer): string[] {
  const claim: unknown = event.requestContext.authorizer?.jwt?.claims?.['cognito:groups'];
  if (Array.isArray(claim)) return claim.map(String);
  if (typeof claim !== 'string') return [];
  return claim
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}
