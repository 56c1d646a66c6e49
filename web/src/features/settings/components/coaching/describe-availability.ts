import type { Availability } from '@functions/schemas/availability';
import { DateTime } from 'luxon';

/** A window as the coach reads it in their own zone: '9:00 AM – 5:00 PM' and 'every Monday' or 'on Mon, Mar 2, 2026'. */
export interface AvailabilityText {
  range: string;
  when: string;
}

export function describeAvailability(
  window: Pick<Availability, 'start' | 'end' | 'recurring'>,
  zone: string,
): AvailabilityText {
  const start = DateTime.fromISO(window.start, { zone });
  const end = DateTime.fromISO(window.end, { zone });
  return {
    range: `${start.toFormat('h:mm a')} – ${end.toFormat('h:mm a')}`,
    when: window.recurring ? `every ${start.toFormat('cccc')}` : `on ${start.toFormat('ccc, LLL d, yyyy')}`,
  };
}

export const availabilityTextLine = ({ range, when }: AvailabilityText) => `${range} ${when}`;
