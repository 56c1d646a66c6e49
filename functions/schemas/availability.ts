import * as z from 'zod';

/** Half-hour steps over the day; '24:00' ends a window at midnight. */
const halfHour = /^([01]\d|2[0-3]):(00|30)$/;
const halfHourOrMidnight = /^(([01]\d|2[0-3]):(00|30)|24:00)$/;

export const MISSING_INFORMATION = 'Please select date, start time, and end time.';

/** `POST /api/me/availability`: one window on a date, or weekly on that date's weekday. */
export const newAvailability = z
  .object({
    date: z.string({ error: MISSING_INFORMATION }).regex(/^\d{4}-\d{2}-\d{2}$/, MISSING_INFORMATION),
    startTime: z
      .string({ error: MISSING_INFORMATION })
      .min(1, MISSING_INFORMATION)
      .regex(halfHour, 'Times are chosen in 30-minute steps.'),
    endTime: z
      .string({ error: MISSING_INFORMATION })
      .min(1, MISSING_INFORMATION)
      .regex(halfHourOrMidnight, 'Times are chosen in 30-minute steps.'),
    recurring: z.boolean().default(false),
    timezone: z.string().min(1).max(64),
  })
  .strict();
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

export const availabilityPath = z.object({ id: z.string().min(1).max(64) });
