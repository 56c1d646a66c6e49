import { createHash, randomBytes } from 'node:crypto';
import {
  AccessTokenRejectedError,
  type BookingEvent,
  type CalendarProvider,
  type CalendarProviderId,
  GrantRevokedError,
  type ProviderTokens,
} from '../../adapters/calendar-providers';
import { calendarProviderFromEnvironment } from '../../adapters/calendar-providers-from-environment';
import { withinBudget } from '../../adapters/dependency-budget';
import { tokenCipherFromEnvironment } from '../../adapters/token-cipher';
import {
  busyCacheOf,
  type CalendarConnectionItem,
  calendarConnection,
  calendarConnectionsOf,
  deleteBusyCache,
  deleteCalendarConnection,
  markReauthRequired,
  rememberCalendarConsent,
  saveBusyCache,
  saveCalendarConnection,
  takeCalendarConsent,
  updateCalendarChoices,
  updateCalendarTokens,
} from '../../data/calendar-connections';
import { type BusyRange, mergeBusy, overlapsBusy } from '../../domain/calendar-busy';
import { DomainError } from '../../domain/errors';
import { applyChoices, initialChoices } from '../../domain/mentor-calendars';
import { log } from '../../runtime/log';
import { siteOrigin } from '../../runtime/site';
import type { CalendarConnectionView } from '../../schemas/mentor-calendars';
import { fullName } from '../../domain/display-name';

/**
 * A mentor's own Google and Microsoft calendars: connecting them (OAuth code flow with PKCE, the
 * state bound to the browser), keeping their tokens (encrypted, refreshed over the version read),
 * their busy times (cached for the slots, read live at booking) and the bookings written into them.
 */

const redirectUri = (provider: CalendarProviderId) => `${siteOrigin()}/api/calendars/${provider}/callback`;
/** How long a booking waits for the mentor's calendar before booking on the busy times last read. */
export const LIVE_CHECK_BUDGET_MS = 2_000;
/** The busy times cached for the slots: from an hour ago to past the 30 bookable days. */
const BUSY_CACHE_BEFORE_MS = 60 * 60_000;
const BUSY_CACHE_AFTER_MS = 31 * 24 * 60 * 60_000;

function providerOf(id: CalendarProviderId): CalendarProvider {
  const provider = calendarProviderFromEnvironment(id);
  if (!provider)
    throw new DomainError('PROVIDER_NOT_CONFIGURED', 'This calendar provider is not available on this site yet.');
  return provider;
}

const tokenContext = (userId: string, provider: CalendarProviderId) => ({
  purpose: 'mentor-calendar',
  userId,
  provider,
});

const sealTokens = (userId: string, provider: CalendarProviderId, tokens: ProviderTokens) =>
  tokenCipherFromEnvironment().encrypt(
    JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }),
    tokenContext(userId, provider),
  );

async function openTokens(item: CalendarConnectionItem): Promise<ProviderTokens> {
  const opened = JSON.parse(
    await tokenCipherFromEnvironment().decrypt(item.tokens, tokenContext(item.userId, item.provider)),
  ) as { accessToken: string; refreshToken: string };
  return { ...opened, expiresAt: item.accessTokenExpiresAt };
}

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

const toView = (item: CalendarConnectionItem): CalendarConnectionView => ({
  provider: item.provider,
  account: item.account,
  status: item.status,
  calendars: item.calendars.map(({ id, name, primary, blocksTime, receivesBookings }) => ({
    id,
    name,
    primary,
    blocksTime,
    receivesBookings,
  })),
});

export const myCalendarConnections = async (userId: string) => (await calendarConnectionsOf(userId)).map(toView);

async function existingConnection(userId: string, provider: CalendarProviderId) {
  const item = await calendarConnection(userId, provider);
  if (!item) throw new DomainError('NOT_FOUND', 'This calendar is not connected.');
  return item;
}

/** `PATCH /api/me/calendars/{provider}`. */
export async function chooseCalendars(
  userId: string,
  provider: CalendarProviderId,
  requested: readonly { id: string; blocksTime: boolean; receivesBookings: boolean }[],
  now: Date,
): Promise<CalendarConnectionView> {
  const item = await existingConnection(userId, provider);
  const calendars = applyChoices(item.calendars, requested);
  await updateCalendarChoices(userId, provider, calendars, now);
  await refreshBusyCacheQuietly(userId, now);
  return toView({ ...item, calendars });
}

/** `DELETE /api/me/calendars/{provider}`: the grant revoked where the provider can, the tokens deleted. */
export async function disconnectCalendar(userId: string, providerId: CalendarProviderId, now: Date): Promise<void> {
  const item = await calendarConnection(userId, providerId);
  if (!item) return;
  const provider = calendarProviderFromEnvironment(providerId);
  try {
    if (provider) await provider.revoke(await openTokens(item));
  } catch (error) {
    // The tokens go either way: the mentor asked us to stop, and without them we cannot act.
    log('warn', 'calendar grant could not be revoked at the provider', {
      userId,
      provider: providerId,
      error: String(error),
    });
  }
  await deleteCalendarConnection(userId, providerId);
  await refreshBusyCacheQuietly(userId, now);
}

/** Keeps refreshed tokens over the version read; when another function refreshed first, takes its tokens. */
async function refreshTokens(item: CalendarConnectionItem, tokens: ProviderTokens, now: Date) {
  const provider = providerOf(item.provider);
  let refreshed: ProviderTokens;
  try {
    refreshed = await provider.refresh(tokens.refreshToken);
  } catch (error) {
    if (error instanceof GrantRevokedError) {
      const latest = await calendarConnection(item.userId, item.provider);
      // A refresh token another function already rotated away (Microsoft) is not a revoked grant.
      if (latest && latest.version !== item.version) return { item: latest, tokens: await openTokens(latest) };
      await markReauthRequired(item, now);
    }
    throw error;
  }
  const sealed = await sealTokens(item.userId, item.provider, refreshed);
  if (await updateCalendarTokens(item, sealed, refreshed.expiresAt, now)) {
    return {
      item: { ...item, tokens: sealed, accessTokenExpiresAt: refreshed.expiresAt, version: item.version + 1 },
      tokens: refreshed,
    };
  }
  const latest = await existingConnection(item.userId, item.provider);
  return { item: latest, tokens: await openTokens(latest) };
}

/**
 * Runs `call` with a working access token: refreshed first when it has expired, and once more
 * when the provider refuses it. `invalid_grant` marks the connection `reauth_required`.
 */
async function withAccess<T>(
  start: CalendarConnectionItem,
  now: Date,
  call: (provider: CalendarProvider, accessToken: string) => Promise<T>,
): Promise<T> {
  const provider = providerOf(start.provider);
  let item = start;
  let tokens = await openTokens(item);
  if (new Date(tokens.expiresAt) <= now) ({ item, tokens } = await refreshTokens(item, tokens, now));
  try {
    return await call(provider, tokens.accessToken);
  } catch (error) {
    if (!(error instanceof AccessTokenRejectedError)) throw error;
    ({ tokens } = await refreshTokens(item, tokens, now));
    return call(provider, tokens.accessToken);
  }
}

const blockingCalendars = (item: CalendarConnectionItem) =>
  item.calendars.filter((calendar) => calendar.blocksTime).map((calendar) => calendar.id);

/** Busy times of every connected calendar that blocks time, read from the providers now. */
async function readBusy(
  connections: readonly CalendarConnectionItem[],
  from: Date,
  to: Date,
  now: Date,
  timeoutMs?: number,
): Promise<BusyRange[]> {
  const reading = connections
    .filter((item) => item.status === 'connected' && blockingCalendars(item).length)
    .map((item) =>
      withAccess(item, now, (provider, accessToken) =>
        provider.busy(accessToken, blockingCalendars(item), from, to, timeoutMs),
      ),
    );
  return mergeBusy((await Promise.all(reading)).flat());
}

/**
 * Reads the mentor's busy times from the providers and keeps them for the slots. A provider that
 * fails leaves the times last read in place (never an empty calendar because Google was down).
 */
export async function refreshBusyCache(userId: string, now: Date): Promise<void> {
  const connections = await calendarConnectionsOf(userId);
  if (!connections.length) return deleteBusyCache(userId);
  const busy = await readBusy(
    connections,
    new Date(now.getTime() - BUSY_CACHE_BEFORE_MS),
    new Date(now.getTime() + BUSY_CACHE_AFTER_MS),
    now,
  );
  await saveBusyCache(userId, busy, now);
}

export async function refreshBusyCacheQuietly(userId: string, now: Date) {
  try {
    await refreshBusyCache(userId, now);
  } catch (error) {
    log('warn', 'busy times could not be refreshed; the minute job tries again', { userId, error: String(error) });
  }
}

/** The mentor's calendar busy times the slots use: the cache only, so a slot page never waits on a provider. */
export async function cachedBusyTimes(userId: string): Promise<{ start: number; end: number }[]> {
  const cache = await busyCacheOf(userId);
  return (cache?.ranges ?? []).map(([start, end]) => ({ start, end }));
}

/**
 * The live check at booking: the mentor's calendars asked now, with a 2-second budget. Time that
 * became busy is SLOT_TAKEN. A provider that does not answer in time (or fails) does not block the
 * booking: the busy times last read decide, and the answer says the calendar was not checked.
 */
export async function checkCalendarsAtBooking(
  coachId: string,
  start: Date,
  end: Date,
  now: Date,
  /** A session being moved: its own event still stands at its old time and does not count as busy. */
  ownTime?: { start: Date; end: Date },
): Promise<'checked' | 'unchecked'> {
  const connections = (await calendarConnectionsOf(coachId)).filter((item) => blockingCalendars(item).length);
  if (!connections.length) return 'checked';
  let busy: readonly BusyRange[];
  let outcome: 'checked' | 'unchecked' = 'checked';
  try {
    if (connections.some((item) => item.status !== 'connected')) throw new Error('a calendar needs reconnecting');
    busy = await withinBudget('calendars', LIVE_CHECK_BUDGET_MS, () =>
      readBusy(connections, start, end, now, LIVE_CHECK_BUDGET_MS),
    );
  } catch (error) {
    log('warn', 'mentor calendar not checked live; booking on the busy times last read', {
      coachId,
      error: String(error),
    });
    busy = (await busyCacheOf(coachId))?.ranges ?? [];
    outcome = 'unchecked';
  }
  const [from, to] = [start.getTime(), end.getTime()];
  const outsideOwn: [number, number][] = ownTime
    ? [
        [from, Math.min(to, ownTime.start.getTime())],
        [Math.max(from, ownTime.end.getTime()), to],
      ]
    : [[from, to]];
  if (outsideOwn.some(([a, b]) => a < b && overlapsBusy(busy, a, b))) {
    throw new DomainError('SLOT_TAKEN', 'This time is no longer available. Please choose another slot.');
  }
  return outcome;
}

/** The coach's calendar event of a session: the mentee named, the meeting link, the session's id kept privately. */
export function bookingEventOf(
  session: { id: string; start: string; end: string; isFreeConsultation: boolean; meetingUrl?: string | null },
  mentee: { firstName: string; lastName: string },
): BookingEvent {
  const kind = session.isFreeConsultation ? 'Free consultation' : 'Mentoring session';
  return {
    sessionId: session.id,
    title: `${kind} with ${fullName(mentee)}`,
    description: `${kind} booked on Physician Mentors: ${siteOrigin()}/dashboard`,
    ...(session.meetingUrl ? { meetingUrl: session.meetingUrl } : {}),
    start: session.start,
    end: session.end,
  };
}

/** Where a booking was written: kept on the session, so a move or a cancellation finds it. */
export interface WrittenEvent {
  provider: CalendarProviderId;
  calendarId: string;
  eventId: string;
}

/** Writes the booking into the one calendar that receives bookings, if the mentor has one connected. */
export async function writeBookingEvent(coachId: string, event: BookingEvent, now: Date): Promise<WrittenEvent | null> {
  for (const item of await calendarConnectionsOf(coachId)) {
    const target = item.calendars.find((calendar) => calendar.receivesBookings);
    if (item.status !== 'connected' || !target) continue;
    const eventId = await withAccess(item, now, (provider, accessToken) =>
      provider.createEvent(accessToken, target.id, event),
    );
    return { provider: item.provider, calendarId: target.id, eventId };
  }
  return null;
}

async function onWrittenEvent(
  coachId: string,
  written: WrittenEvent,
  now: Date,
  call: (provider: CalendarProvider, accessToken: string) => Promise<void>,
) {
  const item = await calendarConnection(coachId, written.provider);
  // Disconnected since: the event stays in their calendar, as they left it.
  if (item?.status !== 'connected') return;
  await withAccess(item, now, call);
}

/** A rescheduled session's event, moved in place. */
export const moveBookingEvent = (coachId: string, written: WrittenEvent, event: BookingEvent, now: Date) =>
  onWrittenEvent(coachId, written, now, (provider, accessToken) =>
    provider.updateEvent(accessToken, written.calendarId, written.eventId, event),
  );

/** A cancelled session's event, deleted (already gone counts as deleted). */
export const deleteBookingEvent = (coachId: string, written: WrittenEvent, now: Date) =>
  onWrittenEvent(coachId, written, now, (provider, accessToken) =>
    provider.deleteEvent(accessToken, written.calendarId, written.eventId),
  );
