import type { AuthorizeRequest } from '../domain/ports';

/** A provider's consent page for an authorization-code grant with PKCE (S256). */
export const pkceAuthorizeUrl = (
  authorizeUrl: string,
  clientId: string,
  { state, codeChallenge, redirectUri }: AuthorizeRequest,
  extra: Record<string, string> = {},
) =>
  `${authorizeUrl}?${new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
    ...extra,
  })}`;
