import { JwtRsaVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';

export type Claims = Record<string, string | number | boolean | string[]>;

/**
 * Verifies access tokens as the API's Cognito JWT authorizer does: signature against the pool's
 * JWKS, issuer, expiry, and the app client id. CognitoJwtVerifier refuses cognito-local's http
 * issuer, so the generic RSA verifier is used here, with the JWKS fetched up front because the
 * library only fetches over https. Production never trusts this issuer.
 */
export async function localAuthorizer(options: { issuer: string; jwksUri: string; clientId: string }) {
  const verifier = JwtRsaVerifier.create({
    issuer: options.issuer,
    jwksUri: options.jwksUri,
    audience: null,
    customJwtCheck: ({ payload }) => {
      const audience = payload.client_id ?? payload.aud;
      if (audience !== options.clientId) throw new Error('token was issued to another client');
    },
  });
  verifier.cacheJwks((await (await fetch(options.jwksUri)).json()) as Jwks);
  return async (authorization: string | undefined): Promise<Claims | null> => {
    const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    try {
      return asApiGatewayClaims((await verifier.verify(token)) as unknown as Claims);
    } catch {
      return null;
    }
  };
}

/**
 * API Gateway's JWT authorizer passes every claim to the function as a string: an array claim
 * such as `cognito:groups` arrives as `[finance admins]`. The local server hands over the same.
 */
function asApiGatewayClaims(claims: Claims): Claims {
  return Object.fromEntries(
    Object.entries(claims).map(([name, value]) => [name, Array.isArray(value) ? `[${value.join(' ')}]` : value]),
  );
}
