import * as z from './zod';

/** `/api/me/calendars/{provider}` and `/api/calendars/{provider}/callback`. */
export const calendarProviderPath = z.object({ provider: z.enum(['google', 'microsoft']) });

export const calendarChoice = z.object({
  id: z.string(),
  name: z.string(),
  primary: z.boolean(),
  blocksTime: z.boolean(),
  receivesBookings: z.boolean(),
});

export const calendarConnectionView = z.object({
  provider: z.enum(['google', 'microsoft']),
  account: z.string(),
  status: z.enum(['connected', 'reauth_required']),
  calendars: z.array(calendarChoice),
});
export type CalendarConnectionView = z.infer<typeof calendarConnectionView>;

/** `GET /api/me/calendars`. */
export const calendarConnectionList = z.object({ connections: z.array(calendarConnectionView) });
export type CalendarConnectionList = z.infer<typeof calendarConnectionList>;

/** `PATCH /api/me/calendars/{provider}`: the mentor's choices; exactly one calendar receives bookings. */
export const calendarChoicesInput = z.object({
  calendars: z
    .array(
      z.object({
        id: z.string().check(z.minLength(1), z.maxLength(500)),
        blocksTime: z.boolean(),
        receivesBookings: z.boolean(),
      }),
    )
    .check(z.minLength(1), z.maxLength(50)),
});
export type CalendarChoicesInput = z.infer<typeof calendarChoicesInput>;
