import { DateTime } from 'luxon';
import type { Availability, NewAvailability } from '../schemas/availability';
import { DomainError } from './errors';
import { isTimeZone } from './time-zone';

/** Availability may be added up to this many days ahead (spec section 9). */
export const AVAILABILITY_HORIZON_DAYS = 365;

export const OVERLAP_MESSAGE =
  'This time slot overlaps with an existing slot on the same day. Please choose different times.';

/** A window as the coach sees it on the wall clock of one time zone. */
interface LocalWindow {
  date: string;
  weekday: number;
  startMinute: number;
  endMinute: number;
  recurring: boolean;
}

const MINUTES_PER_DAY = 24 * 60;

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

function localWindow(window: Pick<Availability, 'start' | 'end' | 'recurring'>, zone: string): LocalWindow {
  const start = DateTime.fromISO(window.start, { zone });
  const end = DateTime.fromISO(window.end, { zone });
  const startMinute = start.hour * 60 + start.minute;
  const sameDay = end.hasSame(start, 'day');
  return {
    date: start.toISODate() as string,
    weekday: start.weekday,
    startMinute,
    endMinute: sameDay ? end.hour * 60 + end.minute : MINUTES_PER_DAY,
    recurring: window.recurring,
  };
}

/**
 * Spec section 5: one-time windows clash on the same date, a weekly window clashes with any
 * window on its weekday, and a one-time window with a weekly one on the same weekday; on that
 * day the times must overlap (touching is fine).
 */
export function windowsClash(a: LocalWindow, b: LocalWindow): boolean {
  const sameDay = a.recurring || b.recurring ? a.weekday === b.weekday : a.date === b.date;
  return sameDay && a.startMinute < b.endMinute && b.startMinute < a.endMinute;
}

function invalid(title: string, message: string): never {
  throw new DomainError('VALIDATION_FAILED', message, [{ title, message }]);
}

/**
 * Checks a new window against the spec's rules and the coach's existing windows, compared on
 * the new window's wall clock, and returns its start and end instants.
 */
export function planAvailability(
  input: NewAvailability,
  existing: readonly Availability[],
  now: Date,
): { start: string; end: string } {
  if (!isTimeZone(input.timezone)) invalid('Invalid Time Zone', 'Choose a valid time zone.');
  const zone = input.timezone;
  const day = DateTime.fromISO(input.date, { zone });
  if (!day.isValid) invalid('Missing Information', 'Please select date, start time, and end time.');
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  if (day < today || day > today.plus({ days: AVAILABILITY_HORIZON_DAYS })) {
    invalid('Invalid Date', 'Please select today or a future date for availability.');
  }
  const startMinute = minutesOf(input.startTime);
  const endMinute = minutesOf(input.endTime);
  if (endMinute <= startMinute) invalid('Invalid Time Range', 'End time must be after start time.');

  const candidate: LocalWindow = {
    date: input.date,
    weekday: day.weekday,
    startMinute,
    endMinute,
    recurring: input.recurring,
  };
  if (existing.some((window) => windowsClash(candidate, localWindow(window, zone)))) {
    throw new DomainError('OVERLAP', OVERLAP_MESSAGE);
  }
  // Wall-clock times, not elapsed minutes, so a window on a daylight-saving day keeps its hours.
  const at = (minute: number) =>
    (minute === MINUTES_PER_DAY
      ? day.plus({ days: 1 })
      : day.set({ hour: Math.floor(minute / 60), minute: minute % 60 })
    )
      .toUTC()
      .toISO({ suppressMilliseconds: true }) as string;
  return { start: at(startMinute), end: at(endMinute) };
}
