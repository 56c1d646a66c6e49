import { BOOKING_HORIZON_DAYS } from '@functions/domain/constants';
import type { SlotList } from '@functions/schemas/coach';
import { DateTime } from 'luxon';

export type Slot = SlotList['slots'][number];

/** Today and every day up to the booking horizon, as ISO dates in the viewer's zone. */
export function bookableDays(now: DateTime, zone: string): string[] {
  const today = now.setZone(zone).startOf('day');
  return Array.from({ length: BOOKING_HORIZON_DAYS + 1 }, (_, offset) => today.plus({ days: offset }).toISODate()!);
}

/** Slots grouped by the day they start on in the viewer's zone, in start order. */
export function slotsByDay(slots: readonly Slot[], zone: string): Map<string, Slot[]> {
  const days = new Map<string, Slot[]>();
  for (const slot of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    const day = DateTime.fromISO(slot.start, { zone }).toISODate()!;
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return days;
}

export const slotTime = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('h:mm a');

export const longDate = (isoDate: string) => DateTime.fromISO(isoDate).toFormat('cccc, LLLL d, yyyy');
