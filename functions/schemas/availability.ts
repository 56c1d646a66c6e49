import { recordId } from './record-id';
import * as z from './zod';

/** Half-hour steps over the day; '24:00' ends a window at midnight. */
const halfHour = /^([01]\d|2[0-3]):(00|30)$/;
const halfHourOrMidnight = /^(([01]\d|2[0-3]):(00|30)|24:00)$/;

export const MISSING_INFORMATION = 'Please select date, start time, and end time.';
const HALF_HOUR_STEPS = 'Times are chosen in 30-minute steps.';

const time = (pattern: RegExp) =>
  z
    .string({ error: MISSING_INFORMATION })
    .check(z.minLength(1, MISSING_INFORMATION), z.regex(pattern, HALF_HOUR_STEPS));

/** `POST /api/me/availability`: one window on a date, or weekly on that date's weekday. */
export const newAvailability = z.strictObject({
  date: z.string({ error: MISSING_INFORMATION }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, MISSING_INFORMATION)),
  startTime: time(halfHour),
  endTime: time(halfHourOrMidnight),
  recurring: z._default(z.boolean(), false),
  timezone: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type NewAvailability = z.infer<typeof newAvailability>;

export const availability = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  recurring: z.boolean(),
  timezone: z.string(),
});
export type Availability = z.infer<typeof availability>;

export const availabilityList = z.object({ availability: z.array(availability) });

export const availabilityPath = z.object({ id: recordId });
