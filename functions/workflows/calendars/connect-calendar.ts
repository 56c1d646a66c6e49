import {
  calendarConnection,
  rememberCalendarConsent,
  saveCalendarConnection,
  takeCalendarConsent,
} from '../../data/calendar-connections';
import { initialChoices } from '../../domain/mentor-calendars';
import { siteOrigin } from '../../runtime/site';
import { refreshBusyCacheQuietly } from './busy-times';
import {
  type ConsentCallback,
  type ConsentResult,
  type ConsentStore,
  finishConsent,
  startConsent,
} from '../connections/oauth-consent';
import { providerOf, sealTokens } from './calendar-access';
import type { CalendarProvider, CalendarProviderId, ProviderTokens } from '../../domain/ports';
import { calendarProvider } from '../../runtime/ports/calendars';

/** Connecting a mentor's Google or Microsoft calendar: the one OAuth consent flow, then the tokens kept encrypted. */

const redirectUri = (provider: CalendarProviderId) => `${siteOrigin()}/api/calendars/${provider}/callback`;

function consentStore(provider: CalendarProviderId): ConsentStore {
  return {
    remember: (state, consent, now) => rememberCalendarConsent(state, { ...consent, provider }, now),
    // Both providers' states are kept alike: one the other provider issued is no consent of this one.
    take: async (state, now) => {
      const consent = await takeCalendarConsent(state, now);
      return consent?.provider === provider ? consent : null;
    },
  };
}

/** `POST /api/me/calendars/{provider}/connect`: the provider's consent page. */
export const startCalendarConnect = (userId: string, provider: CalendarProviderId, browserHash: string, now: Date) =>
  startConsent(
    consentStore(provider),
    providerOf(provider),
    { userId, browserHash, redirectUri: redirectUri(provider) },
    now,
  );

/** `GET /api/calendars/{provider}/callback`: the new connection kept, and its busy times read. */
export async function finishCalendarConnect(
  provider: CalendarProviderId,
  callback: ConsentCallback,
  isThisBrowser: (browserHash: string) => boolean,
  now: Date,
): Promise<ConsentResult> {
  const result = await finishConsent(
    consentStore(provider),
    calendarProvider(provider),
    { ...callback, redirectUri: redirectUri(provider), isThisBrowser },
    (userId, tokens, calendar) => storeNewConnection(userId, calendar, tokens, now),
    now,
  );
  if (result.connected) await refreshBusyCacheQuietly(result.userId, now);
  return result;
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
