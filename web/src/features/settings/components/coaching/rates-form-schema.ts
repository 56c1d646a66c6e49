import { RATE_INVALID_MESSAGE, RATE_REQUIRED_MESSAGE, ratesUpdate } from '@functions/schemas/coach-settings';
import * as z from '@functions/schemas/zod';
import type { SavedRates } from '../../api/update-rates';

const required = z.number({ error: RATE_REQUIRED_MESSAGE });

/**
 * The rate as the coach types it, whole dollars; an emptied box is null until refused as missing.
 * Once in cents, the server's own rule checks it.
 */
const hourlyRateDollars = z.pipe(
  z.pipe(
    z.pipe(z.nullable(required), required.check(z.int(RATE_INVALID_MESSAGE))),
    z.transform((dollars) => dollars * 100),
  ),
  ratesUpdate.shape.hourlyRateCents,
);

/** The rates card's form: `ratesUpdate` with the rate in dollars. */
export const ratesForm = z.pipe(
  z.extend(z.omit(ratesUpdate, { hourlyRateCents: true }), { hourlyRate: hourlyRateDollars }),
  z.transform(({ hourlyRate, ...rest }) => ({ ...rest, hourlyRateCents: hourlyRate })),
);
export type RatesFormValues = z.input<typeof ratesForm>;

/** Toast titles for a refused rate (spec section 5, 'Rate'). */
export const rateProblemTitle = (message: string | undefined) =>
  message === RATE_REQUIRED_MESSAGE ? 'Required Field Missing' : 'Invalid Rate';

export const toRatesFormValues = (profile: SavedRates): RatesFormValues => ({
  hourlyRate: profile.hourlyRateCents === null ? null : profile.hourlyRateCents / 100,
  coachBio: profile.coachBio ?? '',
  offersFreeConsult: profile.offersFreeConsult,
  freeConsultMinutes: profile.freeConsultMinutes,
  calendlyUrl: profile.calendlyUrl ?? '',
});
