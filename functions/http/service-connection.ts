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
import { httpHandler } from './handler';
import { log } from './log';
import { requireMentor } from './mentor';
import { siteOrigin } from './site';

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

const redirectUri = (service: ConnectedService) => `${siteOrigin()}/api/${service}/callback`;

/** `POST /api/me/{service}`: where the coach's browser goes to let us act on their account there. */
export function connectServiceHandler({ service, label, provider }: ServiceConnection) {
  return httpHandler({ auth: true }, async ({ caller, now }) => {
    const profile = await requireMentor(caller);
    const oauth = provider();
    if (!oauth) throw new DomainError('CONFLICT', `${label} is not available on this site yet.`);
    // The state ties the provider's answer to this user and this request, so a forged callback is refused.
    const state = randomBytes(24).toString('base64url');
    await rememberConsent(service, profile.userId, state, now);
    return { status: 200, body: { url: oauth.authorizeUrl(state, redirectUri(service)) } };
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
    headers: { location: `${siteOrigin()}/settings?${new URLSearchParams(query)}` },
  });
  const failed = (error: string) => backToSettings({ [`${service}_error`]: error });
  return httpHandler({ schemas: { query: serviceCallbackQuery } }, async ({ query, now }) => {
    const oauth = provider();
    const userId = query.state ? await takeConsent(service, query.state, now) : null;
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
