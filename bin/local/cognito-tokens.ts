import { sign } from 'node:crypto';
import { createRequire } from 'node:module';

/** cognito-local's signing key: fixed and public, its JWKS is what the local authorizer trusts. */
const signingKey = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as {
  pem: string;
};

const encoded = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');

const signedWith = (header: string, payload: string) =>
  `${header}.${payload}.${sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), signingKey.pem).toString('base64url')}`;

/** A JWT signed as cognito-local signs its access and ID tokens, so the authorizer takes it for one of them. */
export const signedAsCognitoLocal = (claims: object): string =>
  signedWith(encoded({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' }), encoded(claims));

/** A JWT's claims, its signature unchecked (cognito-local checks none either). */
export function claimsOf(token: unknown): Record<string, unknown> {
  const payload = typeof token === 'string' ? token.split('.')[1] : undefined;
  if (!payload) return {};
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A cognito-local token with `changes` made to its claims, signed again with its key; its header is kept. */
export function withClaims(token: string, changes: Record<string, unknown>): string {
  const [header = ''] = token.split('.');
  return signedWith(header, encoded({ ...claimsOf(token), ...changes }));
}
