import { pkceAuthorizeUrl } from './oauth-authorize';
import { boundedFetch } from '../runtime/dependency-budget';
import type { CalendarTokens, ExternalCalendar } from '../domain/ports';

/** The event does not exist, or the coach's authorization cannot see it. */
export class UnknownEventError extends Error {}

/** Calendly's API, whose scheduled events the embed names. */
export const CALENDLY_API_URL = 'https://api.calendly.com';
/** Refresh a little before the token's time is up, so it never expires mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

const UUID_TAIL = /^[A-Za-z0-9-]{1,64}$/;

/** Only `<Calendly's API>/scheduled_events/<uuid>`: the token is never sent anywhere else. */
export function isCalendlyEventUri(eventUri: string, apiUrl = CALENDLY_API_URL): boolean {
  const prefix = `${apiUrl}/scheduled_events/`;
  if (!eventUri.startsWith(prefix)) return false;
  try {
    const url = new URL(eventUri);
    return (
      url.origin === new URL(apiUrl).origin &&
      !url.search &&
      !url.hash &&
      !url.username &&
      UUID_TAIL.test(eventUri.slice(prefix.length)) &&
      url.href === eventUri
    );
  } catch {
    return false;
  }
}

interface CalendlyTokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  owner?: string;
}

interface CalendlyEventResponse {
  resource: {
    start_time: string;
    end_time: string;
    name: string;
    status: 'active' | 'canceled';
    event_memberships?: { user?: string; user_email?: string }[];
  };
}

/** The Calendly app's credentials and Calendly's addresses (the configuration names a stand-in's locally). */
export interface CalendlySettings {
  clientId: string;
  clientSecret: string;
  /** `https://auth.calendly.com/oauth/authorize`, where the browser consents. */
  authorizeUrl: string;
  /** `https://auth.calendly.com/oauth/token`. */
  tokenUrl: string;
  /** `https://api.calendly.com`. */
  apiUrl: string;
}

export function calendlyCalendar({
  clientId,
  clientSecret,
  authorizeUrl,
  tokenUrl,
  apiUrl,
}: CalendlySettings): ExternalCalendar {
  const isEventUri = (eventUri: string) => isCalendlyEventUri(eventUri, apiUrl);

  const tokenRequest = async (form: Record<string, string>, account?: string): Promise<CalendarTokens> => {
    const response = await boundedFetch('Calendly', tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: clientId, client_secret: clientSecret }),
    });
    if (!response.ok) throw new Error(`Calendly token request failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as CalendlyTokenResponse;
    const owner = body.owner ?? account;
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresAt: new Date(Date.now() + body.expires_in * 1000 - EXPIRY_MARGIN_MS).toISOString(),
      ...(owner ? { account: owner } : {}),
    };
  };

  const fresh = (tokens: CalendarTokens) =>
    new Date(tokens.expiresAt) > new Date()
      ? Promise.resolve(tokens)
      : tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, tokens.account);

  return {
    authorizeUrl: (request) => pkceAuthorizeUrl(authorizeUrl, clientId, request),

    exchangeCode: (code, codeVerifier, redirectUri) =>
      tokenRequest({ grant_type: 'authorization_code', code, code_verifier: codeVerifier, redirect_uri: redirectUri }),

    isEventUri,

    async scheduledEvent(tokens, eventUri) {
      if (!isEventUri(eventUri)) throw new UnknownEventError('Not a Calendly scheduled event');
      const current = await fresh(tokens);
      const response = await boundedFetch('Calendly', eventUri, {
        headers: { authorization: `Bearer ${current.accessToken}` },
      });
      if (response.status === 404 || response.status === 403) throw new UnknownEventError('Calendly event not found');
      if (!response.ok) throw new Error(`Calendly event read failed: ${response.status} ${await response.text()}`);
      const { resource } = (await response.json()) as CalendlyEventResponse;
      return {
        start: resource.start_time,
        end: resource.end_time,
        name: resource.name,
        status: resource.status,
        hosts: (resource.event_memberships ?? []).flatMap((member) => (member.user ? [member.user] : [])),
        tokens: current,
      };
    },
  };
}
