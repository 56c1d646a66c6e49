import { randomBytes } from 'node:crypto';
import {
  type ConnectedService,
  rememberConsent,
  type ServiceTokens,
  saveServiceTokens,
  takeConsent,
} from '../data/service-connections';
import { DomainError } from '../domain/errors';
import { serviceCallbackQuery } from '../schemas/service-connection';
import { type HttpEvent, httpHandler } from './handler';
import { log } from '../runtime/log';
import { requireMentor } from './mentor';
import { siteOrigin } from '../runtime/site';

/** What an OAuth-connected third party (Zoom, Calendly) offers for connecting a coach's account. */
export interface OAuthProvider {
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<ServiceTokens>;
}

interface ServiceConnection {
  service: ConnectedService;
  /** The provider's name as the coach reads it: 'Zoom', 'Calendly'. */
  label: string;
  /** Null where this deployment has neither the provider's credentials nor its local stand-in. */
  provider: () => OAuthProvider | null;
}

const callbackPath = (service: ConnectedService) => `/api/${service}/callback`;
const redirectUri = (service: ConnectedService) => `${siteOrigin()}${callbackPath(service)}`;

/**
 * The state also lives in a cookie of the browser that asked to connect, sent only to the callback:
 * a callback carrying another browser's state (an attacker's consent, to land their account on the
 * victim's profile) is refused. Lax, because the provider sends the browser back by a top-level GET.
 */
const stateCookieName = (service: ConnectedService) => `pm_${service}_state`;
const STATE_COOKIE_MAX_AGE_SECONDS = 600;

function stateCookie(service: ConnectedService, state: string, maxAgeSeconds: number): string {
  return `${stateCookieName(service)}=${state}; Path=${callbackPath(service)}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;
}

function stateOfThisBrowser(service: ConnectedService, event: HttpEvent): string | undefined {
  const prefix = `${stateCookieName(service)}=`;
  return event.cookies?.find((cookie) => cookie.startsWith(prefix))?.slice(prefix.length);
}

/** `POST /api/me/{service}`: where the coach's browser goes to let us act on their account there. */
export function connectServiceHandler({ service, label, provider }: ServiceConnection) {
  return httpHandler({ auth: true }, async ({ caller, now }) => {
    const profile = await requireMentor(caller);
    const oauth = provider();
    if (!oauth) throw new DomainError('PROVIDER_NOT_CONFIGURED', `${label} is not available on this site yet.`);
    // The state ties the provider's answer to this user and this request, so a forged callback is refused.
    const state = randomBytes(24).toString('base64url');
    await rememberConsent(service, profile.userId, state, now);
    return {
      status: 200,
      body: { url: oauth.authorizeUrl(state, redirectUri(service)) },
      headers: { 'set-cookie': stateCookie(service, state, STATE_COOKIE_MAX_AGE_SECONDS) },
    };
  });
}

/**
 * `GET /api/{service}/callback`: the provider sends the browser here after consent. The code is
 * exchanged server-side and the tokens stay in the table; the browser only learns, through
 * `/settings?{service}=connected` or `?{service}_error=…`, whether it worked.
 */
export function serviceCallbackHandler({ service, label, provider }: ServiceConnection) {
  const backToSettings = (query: Record<string, string>) => ({
    status: 302,
    headers: {
      location: `${siteOrigin()}/settings?${new URLSearchParams(query)}`,
      'set-cookie': stateCookie(service, '', 0),
    },
  });
  const failed = (error: string) => backToSettings({ [`${service}_error`]: error });
  return httpHandler({ schemas: { query: serviceCallbackQuery } }, async ({ query, event, now }) => {
    const oauth = provider();
    const fromThisBrowser = query.state !== undefined && query.state === stateOfThisBrowser(service, event);
    const userId = query.state && fromThisBrowser ? await takeConsent(service, query.state, now) : null;
    if (!oauth || !userId) return failed(`This ${label} connection link has expired. Please try again.`);
    if (query.error || !query.code) {
      return failed(
        query.error === 'access_denied'
          ? `${label} access was not granted.`
          : `${label} did not complete the connection.`,
      );
    }
    try {
      await saveServiceTokens(service, userId, await oauth.exchangeCode(query.code, redirectUri(service)), now);
    } catch (error) {
      log('error', `${label} code exchange failed`, { userId, error: String(error) });
      return failed(`${label} could not be reached. Please try again.`);
    }
    return backToSettings({ [service]: 'connected' });
  });
}
