import { MIN_HOURLY_RATE_CENTS } from '../domain/constants';
import { INVALID_CALENDAR_URL_MESSAGE, isExternalCalendarUrl } from '../domain/external-calendar';
import * as z from './zod';

export const RATE_REQUIRED_MESSAGE = 'Please enter your hourly rate';
export const RATE_INVALID_MESSAGE = 'Please enter a valid hourly rate of at least $1.00';
/** Keeps a typo from listing a $1,000,000 session. */
const MAX_HOURLY_RATE_CENTS = 1_000_000;

/** `PUT /api/me/rates`: the rates card. The rate is whole dollars, kept in cents. */
export const ratesUpdate = z.strictObject({
  hourlyRateCents: z
    .number({ error: RATE_REQUIRED_MESSAGE })
    .check(
      z.int(RATE_INVALID_MESSAGE),
      z.gte(MIN_HOURLY_RATE_CENTS, RATE_INVALID_MESSAGE),
      z.lte(MAX_HOURLY_RATE_CENTS, RATE_INVALID_MESSAGE),
      z.multipleOf(100, 'Rates are whole dollars.'),
    ),
  offersFreeConsult: z.boolean(),
  freeConsultMinutes: z._default(z.union([z.literal(15), z.literal(30)]), 15),
  coachBio: z.optional(z.string().check(z.trim(), z.maxLength(5_000))),
  /** An external booking calendar replaces the built-in slot picker; '' or null removes it. */
  calendlyUrl: z.optional(
    z.nullable(
      z.string().check(
        z.trim(),
        z.maxLength(500),
        z.refine((url) => url === '' || isExternalCalendarUrl(url), INVALID_CALENDAR_URL_MESSAGE),
      ),
    ),
  ),
});
export type RatesUpdate = z.infer<typeof ratesUpdate>;

/** `PUT /api/me/publication`. */
export const publicationUpdate = z.strictObject({ published: z.boolean() });

const SETUP_STEPS = ['profile', 'availability', 'payment'] as const;

export const setupChecklistView = z.object({
  published: z.boolean(),
  ready: z.boolean(),
  done: z.array(z.enum(SETUP_STEPS)),
  missing: z.array(z.enum(SETUP_STEPS)),
  missingProfileFields: z.array(z.string()),
});
export type SetupChecklistView = z.infer<typeof setupChecklistView>;
