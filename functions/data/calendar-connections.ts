import type { BusyRange } from '../domain/calendar-busy';
import type { CalendarChoice, ConnectionStatus } from '../domain/mentor-calendars';
import {
  deleteItem,
  getItem,
  putItem,
  queryAll,
  queryIndexPartition,
  type UpdateInput,
  updateIf,
  updateItem,
} from './dynamo';
import { keys } from './keys';
import { tableSchema } from './table-schema';
import type { CalendarProviderId } from '../domain/ports';

/** A mentor's connection to one calendar provider, as stored: the tokens only as ciphertext. */
export interface CalendarConnectionItem {
  userId: string;
  provider: CalendarProviderId;
  account: string;
  status: ConnectionStatus;
  calendars: CalendarChoice[];
  /** `{accessToken, refreshToken}` as JSON, encrypted with the stack's token key (adapters/token-cipher.ts). */
  tokens: string;
  accessTokenExpiresAt: string;
  /** Bumped by every token write: a refresh writes only over the version it read. */
  version: number;
  reauthNotifiedAt?: string;
  connectedAt: string;
  updatedAt: string;
}

export interface CalendarConsent {
  userId: string;
  provider: CalendarProviderId;
  codeVerifier: string;
  browserHash: string;
}

/** A consent must come back within this long. */
export const CALENDAR_CONSENT_SECONDS = 10 * 60;
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A conditional update of one connection: false when its condition did not hold, and nothing was written. */
const updatedIf = async (connection: CalendarConnectionItem, update: UpdateInput) =>
  (await updateIf(keys.mentorCalendar(connection.userId, connection.provider), update)) !== null;

export async function rememberCalendarConsent(state: string, consent: CalendarConsent, now: Date) {
  await putItem(
    { ...keys.mentorCalendarConsent(state), ...consent, expiresAt: epochSeconds(now) + CALENDAR_CONSENT_SECONDS },
    { ConditionExpression: 'attribute_not_exists(pk)' },
  );
}

/** The consent of this state, once: deleted as it is read. Null if unknown or stale (TTL is not prompt). */
export async function takeCalendarConsent(state: string, now: Date): Promise<CalendarConsent | null> {
  const taken = await deleteItem<CalendarConsent & { expiresAt: number }>(keys.mentorCalendarConsent(state), {
    ReturnValues: 'ALL_OLD',
  });
  if (!taken || taken.expiresAt < epochSeconds(now)) return null;
  const { userId, provider, codeVerifier, browserHash } = taken;
  return { userId, provider, codeVerifier, browserHash };
}

/** A new or renewed connection replaces whatever the mentor had with that provider. */
export async function saveCalendarConnection(item: CalendarConnectionItem): Promise<void> {
  await putItem({
    ...keys.mentorCalendar(item.userId, item.provider),
    ...keys.mentorCalendarIndex(item.userId, item.provider),
    ...item,
  });
}

export async function calendarConnectionsOf(userId: string): Promise<CalendarConnectionItem[]> {
  const { pk, skPrefix } = keys.mentorCalendarsPrefix(userId);
  return queryAll<CalendarConnectionItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ConsistentRead: true,
  });
}

export async function calendarConnection(
  userId: string,
  provider: CalendarProviderId,
): Promise<CalendarConnectionItem | null> {
  return getItem<CalendarConnectionItem>(keys.mentorCalendar(userId, provider), { ConsistentRead: true });
}

/** Every connection of every mentor (the busy-time refresh job), a few hundred bytes each. */
export const allCalendarConnections = () =>
  queryIndexPartition<CalendarConnectionItem>(tableSchema.indexes.byOwner, keys.mentorCalendarsPartition);

/**
 * Keeps refreshed tokens only over the version that was read, so two functions refreshing at once
 * never overwrite each other (the loser reads the winner's tokens). False when another write won.
 */
export async function updateCalendarTokens(
  connection: CalendarConnectionItem,
  tokens: string,
  accessTokenExpiresAt: string,
  now: Date,
): Promise<boolean> {
  return updatedIf(connection, {
    UpdateExpression: 'SET tokens = :tokens, accessTokenExpiresAt = :expires, version = :next, updatedAt = :now',
    ConditionExpression: 'version = :read',
    ExpressionAttributeValues: {
      ':tokens': tokens,
      ':expires': accessTokenExpiresAt,
      ':next': connection.version + 1,
      ':read': connection.version,
      ':now': now.toISOString(),
    },
  });
}

export async function updateCalendarChoices(
  userId: string,
  provider: CalendarProviderId,
  calendars: CalendarChoice[],
  now: Date,
): Promise<void> {
  await updateItem(keys.mentorCalendar(userId, provider), {
    UpdateExpression: 'SET calendars = :calendars, updatedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':calendars': calendars, ':now': now.toISOString() },
  });
}

/** The provider said invalid_grant: true for the one write that turns a connection `reauth_required`. */
export async function markReauthRequired(connection: CalendarConnectionItem, now: Date): Promise<boolean> {
  return updatedIf(connection, {
    UpdateExpression: 'SET #status = :reauth, updatedAt = :now',
    // Only the grant that failed: a reconnect in between wrote a new version.
    ConditionExpression: '#status = :connected AND version = :read',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':reauth': 'reauth_required',
      ':connected': 'connected',
      ':read': connection.version,
      ':now': now.toISOString(),
    },
  });
}

/** True for the one caller that may send the mentor the "reconnect your calendar" e-mail. */
export async function claimReauthNotice(connection: CalendarConnectionItem, now: Date): Promise<boolean> {
  return updatedIf(connection, {
    UpdateExpression: 'SET reauthNotifiedAt = :now',
    ConditionExpression: '#status = :reauth AND version = :read AND attribute_not_exists(reauthNotifiedAt)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':reauth': 'reauth_required', ':read': connection.version, ':now': now.toISOString() },
  });
}

export async function deleteCalendarConnection(userId: string, provider: CalendarProviderId): Promise<void> {
  await deleteItem(keys.mentorCalendar(userId, provider));
}

/** What the slots read: merged busy ranges (epoch ms) of every calendar that blocks time, and when. */
export interface BusyCache {
  ranges: BusyRange[];
  refreshedAt: string;
}

export async function saveBusyCache(userId: string, ranges: BusyRange[], now: Date): Promise<void> {
  await putItem({ ...keys.mentorCalendarBusy(userId), busy: ranges.flat(), refreshedAt: now.toISOString() });
}

export async function busyCacheOf(userId: string): Promise<BusyCache | null> {
  const cache = await getItem<{ busy: number[]; refreshedAt: string }>(keys.mentorCalendarBusy(userId));
  if (!cache) return null;
  const flat = cache.busy;
  const ranges: BusyRange[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) ranges.push([flat[i] as number, flat[i + 1] as number]);
  return { ranges, refreshedAt: cache.refreshedAt };
}

export async function deleteBusyCache(userId: string): Promise<void> {
  await deleteItem(keys.mentorCalendarBusy(userId));
}
