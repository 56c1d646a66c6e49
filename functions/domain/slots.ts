import { DateTime } from 'luxon';
import {
  BOOKING_HORIZON_DAYS,
  DEFAULT_SLOT_TIME_ZONE,
  MAX_SLOTS_PER_WINDOW,
  SESSION_DURATIONS_MINUTES,
  SLOT_STEP_MINUTES,
  type SessionDurationMinutes,
} from './constants';
import { mergeBusy, overlapsBusy } from './calendar-busy';
import { DomainError } from './errors';
import { isTimeZone } from './time-zone';
import { tabulatedZone } from './tabulated-zone';

/** A coach's availability window as stored; a weekly one repeats on the weekday of `start`. */
export interface AvailabilityWindow {
  start: string;
  end: string;
  recurring: boolean;
  /** Missing or unknown zones fall back to the spec's slot default, America/Chicago. */
  timezone: string | null;
}

/** ISO strings, Dates or epoch milliseconds. */
export interface TimeInterval {
  start: string | Date | number;
  end: string | Date | number;
}

/** A bookable slot; both ends are UTC ISO instants, the SPA renders them in the viewer's zone. */
export interface Slot {
  start: string;
  end: string;
}

export interface SlotRequest {
  availability: readonly AvailabilityWindow[];
  /** Sessions that are not cancelled, and busy times from the coach's own calendars. */
  busy: readonly TimeInterval[];
  durationMinutes: SessionDurationMinutes;
  window: { from: Date; to: Date };
  now: Date;
  /** How long after `now` the first slot may start (domain/booking.ts BOOKING_NOTICE_MINUTES). */
  noticeMinutes: number;
}

interface Range {
  start: number;
  end: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** One request may span a calendar month, a day more than the bookable 30 days. */
const MAX_REQUEST_DAYS = 31;

const toRange = (interval: TimeInterval): Range => ({
  start: new Date(interval.start).getTime(),
  end: new Date(interval.end).getTime(),
});

const rangesOverlap = (a: Range, b: Range) => a.start < b.end && b.start < a.end;

/** Half-open intervals: two that only touch do not overlap. */
export const overlaps = (a: TimeInterval, b: TimeInterval): boolean => rangesOverlap(toRange(a), toRange(b));

const isSessionDuration = (minutes: number): minutes is SessionDurationMinutes =>
  (SESSION_DURATIONS_MINUTES as readonly number[]).includes(minutes);

function invalid(field: string, message: string): never {
  throw new DomainError('VALIDATION_FAILED', message, [{ field, message }]);
}

/** Checks a slots request from outside and narrows its duration. */
export function validateSlotWindow(request: { from: Date; to: Date; duration: number }): {
  from: Date;
  to: Date;
  durationMinutes: SessionDurationMinutes;
} {
  const { from, to, duration } = request;
  if (Number.isNaN(from.getTime())) invalid('from', 'Choose a valid start date.');
  if (Number.isNaN(to.getTime())) invalid('to', 'Choose a valid end date.');
  if (to < from) invalid('to', 'The end of the range must not be before its start.');
  if (to.getTime() - from.getTime() > MAX_REQUEST_DAYS * DAY_MS) {
    invalid('to', `Ask for at most ${MAX_REQUEST_DAYS} days of slots at once.`);
  }
  if (!isSessionDuration(duration)) invalid('duration', 'Session duration must be 15, 30 or 60 minutes.');
  return { from, to, durationMinutes: duration };
}

const zoneOf = (window: AvailabilityWindow) =>
  window.timezone && isTimeZone(window.timezone) ? window.timezone : DEFAULT_SLOT_TIME_ZONE;

/**
 * A wall-clock time on a day in the day's zone. Through luxon, a time skipped by spring-forward
 * moves forward by the gap and a time repeated by fall-back takes its first instant, the same
 * rule the availability planner used when it stored the window.
 */
const atWallTime = (day: DateTime, time: DateTime) => day.startOf('day').set({ hour: time.hour, minute: time.minute });

/**
 * Days from the start's date to the end's date on the wall clock. An end stored at or before its
 * start (a window typed as 22:00–02:00 on one date) continues into the next day.
 */
function endDayOffset(start: DateTime, end: DateTime): number {
  if (end <= start) return 1;
  return Math.round(end.startOf('day').diff(start.startOf('day'), 'days').days);
}

/** The instants each occurrence of a window covers, for occurrences that can reach [from, to]. */
function occurrencesOf(window: AvailabilityWindow, from: number, to: number): Range[] {
  const zone = tabulatedZone(zoneOf(window));
  const start = DateTime.fromISO(window.start, { zone });
  const end = DateTime.fromISO(window.end, { zone });
  if (!start.isValid || !end.isValid) return [];
  const daysToEnd = endDayOffset(start, end);
  const occurrenceOn = (day: DateTime): Range => ({
    start: atWallTime(day, start).toMillis(),
    end: atWallTime(day.plus({ days: daysToEnd }), end).toMillis(),
  });
  if (!window.recurring) return [occurrenceOn(start)];

  // Weekly windows keep their wall-clock times, so across a DST change their UTC instants move.
  const lastDay = DateTime.fromMillis(to, { zone }).startOf('day');
  const earliest = DateTime.fromMillis(from, { zone }).startOf('day').minus({ days: daysToEnd });
  const occurrences: Range[] = [];
  for (
    let day = earliest.plus({ days: (start.weekday - earliest.weekday + 7) % 7 });
    day <= lastDay;
    day = day.plus({ weeks: 1 })
  ) {
    occurrences.push(occurrenceOn(day));
  }
  return occurrences;
}

/** Slots start on whole minutes; Date's own ISO form is many times cheaper than luxon's per slot. */
const toIsoUtc = (millis: number) => new Date(millis).toISOString().replace('.000Z', 'Z');

/**
 * The slots a mentee may book (spec section 5, 'Booking slots'): starts every 30 minutes from
 * each window's start while the session fits, after `now` and its notice, at most 30 days ahead, inside the
 * requested window, clear of busy sessions, and at most 50 per occurrence of a window.
 */
export function slotsInWindow(request: SlotRequest): Slot[] {
  const now = request.now.getTime();
  const earliest = now + request.noticeMinutes * MINUTE_MS;
  const horizon = now + BOOKING_HORIZON_DAYS * DAY_MS;
  const windowFrom = request.window.from.getTime();
  const windowTo = request.window.to.getTime();
  const isBookable = (start: number) =>
    start > now && start >= earliest && start <= horizon && start >= windowFrom && start < windowTo;
  const from = Math.max(windowFrom, earliest);
  const to = Math.min(windowTo, horizon);

  const durationMs = request.durationMinutes * MINUTE_MS;
  const stepMs = SLOT_STEP_MINUTES * MINUTE_MS;
  const busy = mergeBusy(request.busy);
  const starts = new Set<number>();
  for (const window of request.availability) {
    for (const occurrence of occurrencesOf(window, from, to)) {
      const stepsBeforeFrom = Math.max(0, Math.ceil((from - occurrence.start) / stepMs));
      let offered = 0;
      for (
        let start = occurrence.start + stepsBeforeFrom * stepMs;
        start <= to && start + durationMs <= occurrence.end && offered < MAX_SLOTS_PER_WINDOW;
        start += stepMs
      ) {
        if (!isBookable(start) || overlapsBusy(busy, start, start + durationMs)) continue;
        starts.add(start);
        offered++;
      }
    }
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map((start) => ({ start: toIsoUtc(start), end: toIsoUtc(start + durationMs) }));
}
