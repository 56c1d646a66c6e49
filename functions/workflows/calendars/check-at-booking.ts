import { withinBudget } from '../../runtime/dependency-budget';
import { busyCacheOf, calendarConnectionsOf } from '../../data/calendar-connections';
import { type BusyRange, overlapsBusy } from '../../domain/calendar-busy';
import { DomainError } from '../../domain/errors';
import { log } from '../../runtime/log';
import { blockingCalendars, readBusy } from './busy-times';

/** How long a booking waits for the mentor's calendar before booking on the busy times last read. */
const LIVE_CHECK_BUDGET_MS = 2_000;

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
