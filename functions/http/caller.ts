import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { DomainError } from '../domain/errors';
import { OPENID_SCOPE } from '../schemas/hosted-ui-scopes';

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

export interface CallerSignIn {
  /** The account's Cognito username (the access token's `username` claim). */
  username: string;
  /** When the caller last signed in with a password or a provider (`auth_time`); refreshes keep it. */
  signedInAt: Date | null;
  /**
   * The sign-in went through Cognito's hosted UI (Google), which never asks for the authenticator
   * code: its tokens carry the OpenID scopes the SPA asks for there (a refresh keeps them); a
   * password sign-in's carry only `aws.cognito.signin.user.admin`.
   */
  throughHostedUi: boolean;
}

/** How the signed-in caller signed in, from their access token; an ID token (no `username`) is refused. */
export function callerSignIn(event: APIGatewayProxyEventV2WithJWTAuthorizer): CallerSignIn {
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  const username = claims.username;
  // API Gateway hands every claim over as a string.
  const authTime = Number(claims.auth_time);
  if (typeof username !== 'string' || username.length === 0)
    throw new DomainError('UNAUTHORIZED', 'Sign in to continue.');
  return {
    username,
    signedInAt: Number.isFinite(authTime) && authTime > 0 ? new Date(authTime * 1000) : null,
    throughHostedUi: String(claims.scope ?? '')
      .split(' ')
      .includes(OPENID_SCOPE),
  };
}

/** The caller's own access token, as sent; Cognito's user operations (GetUser, ChangePassword) take it. */
export function bearerToken(event: APIGatewayProxyEventV2WithJWTAuthorizer): string {
  const token = /^Bearer (.+)$/i.exec(event.headers.authorization ?? '')?.[1];
  if (!token) throw new DomainError('UNAUTHORIZED', 'Sign in to continue.');
  return token;
}
