import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CalendarStandInStore, OAuthStandInProvider, StandInFault } from './calendar-standin-store';
import { appUrl } from './standin-pages';

/**
 * What the stand-ins of OAuth-protected APIs share (the calendars', Zoom's, Calendly's): JSON in and
 * out, the bearer check with the test's faults, and the test controls over an account's grants and faults.
 */

const MAX_JSON_BYTES = 64 * 1024;
/** A held (`slow`) answer is given up after this, so nothing waits forever on a test that forgot its fault. */
const MAX_HOLD_MS = 30_000;

export const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
};

/** The request's JSON object; null when it is too large, not JSON or not an object. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JSON_BYTES) return null;
    chunks.push(chunk);
  }
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const isInstant = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** How a provider's API refuses a missing, expired or revoked token, and a throttled caller. */
export interface ApiRefusals {
  /** `expired`: a token the stand-in issued whose time is up (else unknown or revoked). */
  unauthorized(res: ServerResponse, expired: boolean): void;
  throttled(res: ServerResponse): void;
}

/** The caller's account, after the stand-in's faults; null once it has answered (401, 429, held). */
export async function authorized(
  req: IncomingMessage,
  res: ServerResponse,
  provider: OAuthStandInProvider,
  store: CalendarStandInStore,
  refusals: ApiRefusals,
): Promise<string | null> {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const account = store.accountOf(provider, token);
  if (!account) {
    refusals.unauthorized(res, store.isExpired(provider, token));
    return null;
  }
  const fault = store.fault(provider, account);
  if (fault === 'throttled') {
    refusals.throttled(res);
    return null;
  }
  if (fault === 'slow') {
    await Promise.race([
      store.held(provider, account),
      new Promise((resolve) => setTimeout(resolve, MAX_HOLD_MS).unref()),
    ]);
    if (res.destroyed || res.writableEnded) return null;
  }
  return account;
}

const FAULTS: readonly StandInFault[] = ['slow', 'throttled', 'expired_token', 'calendar_errors'];

/**
 * Test controls (README): `DELETE /_local/<provider>/grants/<account>` revokes every grant of the
 * account; `PUT|DELETE /_local/<provider>/faults/<account> {fault}` makes its API calls slow (held
 * until the fault is deleted), throttled (429) or meet an expired access token (401). False when
 * `rest` (the path after `/_local/<provider>`) is none of them.
 */
export async function serveGrantControls(
  req: IncomingMessage,
  res: ServerResponse,
  provider: OAuthStandInProvider,
  rest: string,
  store: CalendarStandInStore,
): Promise<boolean> {
  const method = req.method ?? 'GET';
  const control = /^\/(grants|faults)\/([^/]+)$/.exec(rest);
  if (!control) return false;
  const [, kind, rawAccount] = control;
  const account = decodeURIComponent(rawAccount as string);
  if (kind === 'grants' && method === 'DELETE') {
    json(res, 200, { revoked: store.revokeAccount(provider, account) });
    return true;
  }
  if (kind === 'faults' && (method === 'PUT' || method === 'DELETE')) {
    const fault = method === 'PUT' ? (await readJson(req))?.fault : null;
    if (method === 'PUT' && !FAULTS.includes(fault as StandInFault)) {
      json(res, 400, { error: `fault must be one of ${FAULTS.join(', ')}` });
      return true;
    }
    store.setFault(provider, account, (fault as StandInFault | null) ?? null);
    json(res, 204, undefined);
    return true;
  }
  return false;
}

/**
 * What a provider checks of an authorization-code request with PKCE before showing its consent
 * page: its client, the redirect URI registered for it (the app's callback), a state and an S256
 * challenge. The problem, or null.
 */
export function authorizeProblem(query: URLSearchParams, client: { clientId: string; callbackPath: string }) {
  const redirectUri = appUrl(query.get('redirect_uri'));
  if (query.get('client_id') !== client.clientId) return 'Unknown client_id.';
  if (query.get('response_type') !== 'code') return 'response_type must be code.';
  if (!redirectUri || new URL(redirectUri).pathname !== client.callbackPath || new URL(redirectUri).search)
    return 'redirect_uri is not registered for this client.';
  if (!query.get('state')) return 'state is missing.';
  if (!/^[A-Za-z0-9_-]{43}$/.test(query.get('code_challenge') ?? '')) return 'code_challenge is missing or malformed.';
  if (query.get('code_challenge_method') !== 'S256') return 'code_challenge_method must be S256.';
  return null;
}
