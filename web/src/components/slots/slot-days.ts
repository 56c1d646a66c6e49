import { BOOKING_HORIZON_DAYS } from '@functions/domain/constants';
import type { SlotList } from '@functions/schemas/coach';
import { DateTime } from 'luxon';

export type Slot = SlotList['slots'][number];

/** Today and every day up to the booking horizon, as ISO dates in the viewer's zone. */
export function bookableDays(now: DateTime, zone: string): string[] {
  const today = now.setZone(zone).startOf('day');
  return Array.from({ length: BOOKING_HORIZON_DAYS + 1 }, (_, offset) => today.plus({ days: offset }).toISODate()!);
}

/**
 * The ISO date of an instant in a zone, through one Intl formatter per zone: a month of slots is
 * hundreds of instants, and a luxon DateTime in a zone asks Intl afresh for each.
 */
const isoDateFormatters = new Map<string, Intl.DateTimeFormat>();
function isoDateIn(zone: string, instant: string): string {
  let formatter = isoDateFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    isoDateFormatters.set(zone, formatter);
  }
  const part = Object.fromEntries(formatter.formatToParts(new Date(instant)).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}`;
}

/** Slots grouped by the day they start on in the viewer's zone, in start order. */
export function slotsByDay(slots: readonly Slot[], zone: string): Map<string, Slot[]> {
  const days = new Map<string, Slot[]>();
  for (const slot of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    const day = isoDateIn(zone, slot.start);
    const daySlots = days.get(day);
    if (daySlots) daySlots.push(slot);
    else days.set(day, [slot]);
  }
  return days;
}

export const slotTime = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('h:mm a');

export const longDate = (isoDate: string) => DateTime.fromISO(isoDate).toFormat('cccc, LLLL d, yyyy');
