import { createHash, randomBytes } from 'node:crypto';
import type { CalendarProvider, CalendarProviderId, ProviderTokens } from '../../adapters/calendar-providers';
import { calendarProviderFromEnvironment } from '../../adapters/calendar-providers-from-environment';
import {
  calendarConnection,
  rememberCalendarConsent,
  saveCalendarConnection,
  takeCalendarConsent,
} from '../../data/calendar-connections';
import { initialChoices } from '../../domain/mentor-calendars';
import { log } from '../../runtime/log';
import { siteOrigin } from '../../runtime/site';
import { refreshBusyCacheQuietly } from './busy-times';
import { providerOf, sealTokens } from './calendar-access';

/**
 * Connecting a mentor's Google or Microsoft calendar: OAuth code flow with PKCE, the state bound to
 * the browser, the tokens kept encrypted.
 */

const redirectUri = (provider: CalendarProviderId) => `${siteOrigin()}/api/calendars/${provider}/callback`;

/**
 * `POST /api/me/calendars/{provider}/connect`: the consent page's URL. `browserHash` is kept with the
 * state: the hash of the cookie that binds the consent to this browser (http/browser-binding.ts).
 */
export async function startCalendarConnect(
  userId: string,
  providerId: CalendarProviderId,
  browserHash: string,
  now: Date,
): Promise<string> {
  const provider = providerOf(providerId);
  const state = randomBytes(24).toString('base64url');
  const codeVerifier = randomBytes(48).toString('base64url');
  await rememberCalendarConsent(state, { userId, provider: providerId, codeVerifier, browserHash }, now);
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  return provider.authorizeUrl({ state, codeChallenge, redirectUri: redirectUri(providerId) });
}

/**
 * `GET /api/calendars/{provider}/callback`: exchanges the code server-side and answers with the
 * settings query the browser is sent back to (`calendar=connected` or `calendar_error=…`).
 * `isSameBrowser` tells whether the request carries the cookie whose hash the start kept.
 */
export async function finishCalendarConnect(
  providerId: CalendarProviderId,
  query: { state?: string; code?: string; error?: string },
  isSameBrowser: (browserHash: string) => boolean,
  now: Date,
): Promise<{ outcome: Record<string, string>; sameBrowser: boolean }> {
  const settle = (outcome: Record<string, string>, sameBrowser = true) => ({ outcome, sameBrowser });
  const provider = calendarProviderFromEnvironment(providerId);
  const consent = query.state ? await takeCalendarConsent(query.state, now) : null;
  if (!provider || !consent || consent.provider !== providerId) {
    return settle({ calendar_error: 'This calendar connection link has expired. Please try again.' });
  }
  if (!isSameBrowser(consent.browserHash)) {
    log('warn', 'calendar consent came back in another browser', { userId: consent.userId, provider: providerId });
    // This browser's own consent in flight, if any, keeps its cookie.
    return settle(
      { calendar_error: 'This connection was started in another browser. Please connect again from here.' },
      false,
    );
  }
  if (query.error || !query.code) {
    return settle({
      calendar_error:
        query.error === 'access_denied'
          ? `${provider.label} access was not granted.`
          : `${provider.label} did not complete the connection.`,
    });
  }
  try {
    const tokens = await provider.exchangeCode(query.code, consent.codeVerifier, redirectUri(providerId));
    await storeNewConnection(consent.userId, provider, tokens, now);
  } catch (error) {
    log('error', 'calendar connection failed', { userId: consent.userId, provider: providerId, error: String(error) });
    return settle({ calendar_error: `${provider.label} could not be reached. Please try again.` });
  }
  await refreshBusyCacheQuietly(consent.userId, now);
  return settle({ calendar: 'connected' });
}

/** Keeps a new grant (encrypted) with the account's calendars, the primary one chosen; replaces an older grant. */
export async function storeNewConnection(
  userId: string,
  provider: CalendarProvider,
  tokens: ProviderTokens,
  now: Date,
): Promise<void> {
  const { account, calendars } = await provider.calendars(tokens.accessToken);
  const previous = await calendarConnection(userId, provider.id);
  await saveCalendarConnection({
    userId,
    provider: provider.id,
    account,
    status: 'connected',
    calendars: initialChoices(calendars),
    tokens: await sealTokens(userId, provider.id, tokens),
    accessTokenExpiresAt: tokens.expiresAt,
    // A newer version than any refresh in flight for the old grant, whose write then fails.
    version: (previous?.version ?? 0) + 1,
    connectedAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
}
