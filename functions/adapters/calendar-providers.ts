import { pkceAuthorizeUrl } from './oauth-authorize';
import { boundedFetch } from '../runtime/dependency-budget';
import type { CalendarProvider, ProviderTokens } from '../domain/ports';

/** The provider answered `invalid_grant`: the mentor revoked access (or it lapsed); only a new consent helps. */
export class GrantRevokedError extends Error {
  override name = 'GrantRevokedError';
}

/** The provider refused the access token (401): refresh it and try once more. */
export class AccessTokenRejectedError extends Error {
  override name = 'AccessTokenRejectedError';
}

/** Refresh a little before the provider's hour is up, so a token never expires mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
}

/**
 * The OAuth token endpoint both providers share in shape: a form POST answering JSON, with
 * `invalid_grant` for a code or refresh token that no longer works.
 */
export async function tokenRequest(
  label: string,
  url: string,
  form: Record<string, string>,
  previousRefreshToken?: string,
): Promise<ProviderTokens> {
  const response = await boundedFetch(label, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
  });
  if (!response.ok) {
    const text = await response.text();
    if (response.status === 400 && /"error"\s*:\s*"invalid_grant"/.test(text)) {
      throw new GrantRevokedError(`${label}: invalid_grant`);
    }
    throw new Error(`${label} token request failed: ${response.status} ${text}`);
  }
  const body = (await response.json()) as TokenAnswer;
  const refreshToken = body.refresh_token ?? previousRefreshToken;
  if (!refreshToken) throw new Error(`${label} answered without a refresh token`);
  return {
    accessToken: body.access_token,
    refreshToken,
    expiresAt: new Date(Date.now() + body.expires_in * 1000 - EXPIRY_MARGIN_MS).toISOString(),
  };
}

/** An app's registration at a provider's OAuth 2.0 authorization server. */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
}

/**
 * OAuth 2.0's authorization-code flow with PKCE (S256), as both providers speak it; `extra` holds a
 * provider's own parameters (its scopes, consent prompt), added to the authorize URL and, for
 * `token`, to every token request.
 */
export function authorizationCodeFlow(
  label: string,
  client: OAuthClient,
  extra: { authorize: Record<string, string>; token?: Record<string, string> },
): Pick<CalendarProvider, 'authorizeUrl' | 'exchangeCode' | 'refresh'> {
  const form = { client_id: client.clientId, client_secret: client.clientSecret, ...extra.token };
  return {
    authorizeUrl: (request) => pkceAuthorizeUrl(client.authorizeUrl, client.clientId, request, extra.authorize),
    exchangeCode: (code, codeVerifier, redirectUri) =>
      tokenRequest(label, client.tokenUrl, {
        ...form,
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri,
      }),
    // A provider may hand out a new refresh token with each refresh; tokenRequest keeps whichever came.
    refresh: (refreshToken) =>
      tokenRequest(
        label,
        client.tokenUrl,
        { ...form, grant_type: 'refresh_token', refresh_token: refreshToken },
        refreshToken,
      ),
  };
}

/** A calendar API answer that is not a success: 401 to refresh, anything else an error. */
export async function failedCall(label: string, what: string, response: Response): Promise<never> {
  if (response.status === 401) throw new AccessTokenRejectedError(`${label} refused the access token`);
  throw new Error(`${label} ${what} failed: ${response.status} ${await response.text()}`);
}
