import { INVALID_NPI_MESSAGE, isValidNpi, normalizedNpi } from '../domain/npi';
import * as z from './zod';

/** An NPI as typed: spaces and dashes between digit groups dropped, then ten digits with a valid check digit. */
export const npiNumber = z.pipe(
  z.string({ error: INVALID_NPI_MESSAGE }).check(z.maxLength(20, INVALID_NPI_MESSAGE)),
  z.pipe(z.transform(normalizedNpi), z.string().check(z.refine(isValidNpi, INVALID_NPI_MESSAGE))),
);

/** `PUT /api/me/npi`: the number is checked by the handler, which answers `INVALID_NPI` for a wrong one. */
export const npiUpdate = z.strictObject({ npi: z.string().check(z.maxLength(20, INVALID_NPI_MESSAGE)) });

/** `GET /api/me/verification` and the answer of `PUT /api/me/npi` (as `{verification}`): the owner's view; never the NPI itself to anyone else. */
export const verificationView = z.object({
  status: z.enum(['unverified', 'pending', 'verified', 'rejected']),
  reason: z.optional(z.string()),
  checkedAt: z.optional(z.string()),
  taxonomy: z.optional(z.string()),
  /** The owner's own NPI, so the settings card can show what was checked. */
  npi: z.optional(z.string()),
});
export type VerificationView = z.infer<typeof verificationView>;

export const npiCheckAnswer = z.object({ verification: verificationView });
