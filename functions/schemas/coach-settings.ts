import * as z from 'zod';
import { MIN_HOURLY_RATE_CENTS } from '../domain/constants';
import { INVALID_CALENDAR_URL_MESSAGE, isExternalCalendarUrl } from '../domain/external-calendar';

export const RATE_REQUIRED_MESSAGE = 'Please enter your hourly rate';
export const RATE_INVALID_MESSAGE = 'Please enter a valid hourly rate of at least $1.00';
/** Keeps a typo from listing a $1,000,000 session. */
const MAX_HOURLY_RATE_CENTS = 1_000_000;

/** `PUT /api/me/rates`: the rates card. The rate is whole dollars, kept in cents. */
export const ratesUpdate = z
  .object({
    hourlyRateCents: z
      .number({ error: RATE_REQUIRED_MESSAGE })
      .int(RATE_INVALID_MESSAGE)
      .min(MIN_HOURLY_RATE_CENTS, RATE_INVALID_MESSAGE)
      .max(MAX_HOURLY_RATE_CENTS, RATE_INVALID_MESSAGE)
      .multipleOf(100, 'Rates are whole dollars.'),
    offersFreeConsult: z.boolean(),
    freeConsultMinutes: z.union([z.literal(15), z.literal(30)]).default(15),
    coachBio: z.string().trim().max(5_000).optional(),
    /** An external booking calendar replaces the built-in slot picker; '' or null removes it. */
    calendlyUrl: z
      .string()
      .trim()
      .max(500)
      .refine((url) => url === '' || isExternalCalendarUrl(url), INVALID_CALENDAR_URL_MESSAGE)
      .nullable()
      .optional(),
  })
  .strict();
export type RatesUpdate = z.infer<typeof ratesUpdate>;

/** `PUT /api/me/publication`. */
export const publicationUpdate = z.object({ published: z.boolean() }).strict();

export const setupChecklistView = z.object({
  published: z.boolean(),
  ready: z.boolean(),
  done: z.array(z.enum(['profile', 'availability', 'payment'])),
  missing: z.array(z.enum(['profile', 'availability', 'payment'])),
});
export type SetupChecklistView = z.infer<typeof setupChecklistView>;
