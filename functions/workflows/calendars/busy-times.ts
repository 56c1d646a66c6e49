import {
  busyCacheOf,
  type CalendarConnectionItem,
  calendarConnectionsOf,
  deleteBusyCache,
  saveBusyCache,
} from '../../data/calendar-connections';
import { type BusyRange, mergeBusy } from '../../domain/calendar-busy';
import { log } from '../../runtime/log';
import { withAccess } from './calendar-access';

/** The busy times cached for the slots: from an hour ago to past the 30 bookable days. */
const BUSY_CACHE_BEFORE_MS = 60 * 60_000;
const BUSY_CACHE_AFTER_MS = 31 * 24 * 60 * 60_000;

export const blockingCalendars = (item: CalendarConnectionItem) =>
  item.calendars.filter((calendar) => calendar.blocksTime).map((calendar) => calendar.id);

/** Busy times of every connected calendar that blocks time, read from the providers now. */
export async function readBusy(
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
