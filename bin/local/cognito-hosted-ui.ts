import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { HOSTED_UI_SCOPES } from '../../functions/schemas/hosted-ui-scopes';
import { claimsOf, withClaims } from './cognito-tokens';

type CognitoService = import('cognito-local/lib/services/cognitoService').CognitoService;
type TokenGenerator = import('cognito-local/lib/services/tokenGenerator').TokenGenerator;
type User = import('cognito-local/lib/services/userPoolService').User;
type Context = import('cognito-local/lib/services/context').Context;

/** Cognito's authorization codes serve once, for 5 minutes. */
const AUTHORIZATION_CODE_MS = 5 * 60_000;

const OPENID = 'openid';

interface Grant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  username: string;
  accessToken: string;
  /** Only for the `openid` scope. */
  idToken: string | null;
  refreshToken: string;
  expiresAt: number;
}

/** The only callback the app client allows (lib/auth.ts: `callbackUrls`), for the local SPA. */
export const hostedUiCallback = (siteOrigin: string) => `${siteOrigin}/auth/callback`;

const linkedToGoogle = (user: User) => {
  const identities = user.Attributes.find((attribute) => attribute.Name === 'identities')?.Value ?? '[]';
  try {
    return (JSON.parse(identities) as { providerName?: string }[]).some(
      ({ providerName }) => providerName === 'Google',
    );
  } catch {
    return false;
  }
};

/** PKCE's S256: the challenge is the verifier's SHA-256, base64url. */
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The hosted UI's two endpoints a Google sign-in through the SPA uses (`signInWithRedirect`):
 * `GET /oauth2/authorize` (authorization code, PKCE optional as for Cognito's public clients) and
 * `POST /oauth2/token`. cognito-local's own pair is a password form that ignores
 * `identity_provider` and the scopes asked for (its tokens carry the admin scope alone), and
 * refuses every callback here, the local app client registering none. As Cognito, the access
 * token carries the scopes asked for (those the app client allows: HOSTED_UI_SCOPES), the ID token
 * comes with `openid` only, and the refresh token keeps the scopes for every refresh (cognito.ts;
 * Amplify refreshes through the user-pool API, so the token endpoint's `refresh_token` grant is
 * left out). Google itself is stood in for: `login_hint` names the Google account, which must be
 * linked to an account of the pool already (the PreSignUp trigger links a first Google sign-in;
 * cognito-local can neither call it here nor link).
 */
export function localHostedUi(services: {
  cognito: CognitoService;
  tokenGenerator: TokenGenerator;
  clock: { get(): Date };
  ctx: Context;
  siteOrigin: string;
}) {
  const { cognito, tokenGenerator, clock, ctx } = services;
  const grants = new Map<string, Grant>();

  async function authorize(query: URLSearchParams, res: http.ServerResponse) {
    const clientId = query.get('client_id') ?? '';
    const redirectUri = query.get('redirect_uri') ?? '';
    const appClient = await cognito.getAppClient(ctx, clientId);
    // Cognito shows an error page, never a redirect, for an unknown client or callback.
    if (!appClient) return page(res, 400, 'invalid_request: unknown client_id');
    if (redirectUri !== hostedUiCallback(services.siteOrigin)) return page(res, 400, 'redirect_mismatch');
    const redirect = (answer: Record<string, string>) => {
      const state = query.get('state');
      const location = new URL(redirectUri);
      for (const [name, value] of Object.entries({ ...answer, ...(state ? { state } : {}) }))
        location.searchParams.set(name, value);
      res.writeHead(302, { location: location.href }).end();
    };
    if (query.get('response_type') !== 'code') return redirect({ error: 'unsupported_response_type' });
    const scopes = (query.get('scope') ?? HOSTED_UI_SCOPES.join(' ')).split(' ').filter(Boolean);
    const allowed: readonly string[] = HOSTED_UI_SCOPES;
    if (!scopes.every((scope) => allowed.includes(scope))) return redirect({ error: 'invalid_scope' });
    const codeChallenge = query.get('code_challenge');
    if (codeChallenge && query.get('code_challenge_method') !== 'S256')
      return redirect({ error: 'invalid_request', error_description: 'code_challenge_method must be S256' });
    if (query.get('identity_provider') !== 'Google')
      return page(res, 400, 'The local hosted UI signs in with Google only (identity_provider=Google).');

    const userPool = await cognito.getUserPoolForClientId(ctx, clientId);
    const user = await userPool.getUserByUsername(ctx, query.get('login_hint') ?? '');
    if (!user || !linkedToGoogle(user))
      return page(res, 400, 'The local stand-in for Google signs in only an account linked to Google (login_hint).');
    if (user.Enabled === false) return redirect({ error: 'invalid_request', error_description: 'User is disabled.' });
    const groups = await userPool.listUserGroupMembership(ctx, user);
    const tokens = await tokenGenerator.generate(ctx, user, groups, appClient, undefined, 'HostedAuth');
    const scope = scopes.join(' ');
    const code = randomBytes(24).toString('base64url');
    const now = clock.get().getTime();
    for (const [old, grant] of grants) if (grant.expiresAt <= now) grants.delete(old);
    grants.set(code, {
      clientId,
      redirectUri,
      codeChallenge,
      username: user.Username,
      accessToken: withClaims(tokens.AccessToken, { scope }),
      idToken: scopes.includes(OPENID) ? tokens.IdToken : null,
      refreshToken: withClaims(tokens.RefreshToken, { scope }),
      expiresAt: now + AUTHORIZATION_CODE_MS,
    });
    redirect({ code });
  }

  async function token(form: URLSearchParams, res: http.ServerResponse) {
    if (form.get('grant_type') !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const grant = grants.get(code);
    grants.delete(code);
    const verifier = form.get('code_verifier');
    if (
      !grant ||
      grant.expiresAt <= clock.get().getTime() ||
      grant.clientId !== form.get('client_id') ||
      grant.redirectUri !== form.get('redirect_uri') ||
      (grant.codeChallenge !== null && (!verifier || challengeOf(verifier) !== grant.codeChallenge))
    )
      return json(res, 400, { error: 'invalid_grant' });
    const userPool = await cognito.getUserPoolForClientId(ctx, grant.clientId);
    const user = await userPool.getUserByUsername(ctx, grant.username);
    if (!user) return json(res, 400, { error: 'invalid_grant' });
    await userPool.storeRefreshToken(ctx, grant.refreshToken, user);
    const { exp, iat } = claimsOf(grant.accessToken) as { exp: number; iat: number };
    json(res, 200, {
      access_token: grant.accessToken,
      ...(grant.idToken ? { id_token: grant.idToken } : {}),
      refresh_token: grant.refreshToken,
      token_type: 'Bearer',
      expires_in: exp - iat,
    });
  }

  /** Answers the hosted UI's paths; false for any other, which is the user-pool API's. */
  return function hostedUi(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const answered =
      req.method === 'GET' && url.pathname === '/oauth2/authorize'
        ? authorize(url.searchParams, res)
        : req.method === 'POST' && url.pathname === '/oauth2/token'
          ? formOf(req).then((form) => token(form, res))
          : null;
    answered?.catch(() => res.writeHead(500).end());
    return answered !== null;
  };
}

function formOf(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  res.end(JSON.stringify(body));
}

function page(res: http.ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(message);
}
