import * as z from 'zod';
import { CANCELLATION_REASON_REQUIRED, MAX_CANCELLATION_REASON_LENGTH } from '../domain/cancellation';
import { sessionView } from './session';

export const MAX_REVIEW_LENGTH = 500;

/** `POST /api/sessions/{id}/cancel`: the reason is required once trimmed (spec section 5, Cancellation). */
export const cancelSessionInput = z.object({
  reason: z
    .string({ error: CANCELLATION_REASON_REQUIRED })
    .trim()
    .min(1, CANCELLATION_REASON_REQUIRED)
    .max(MAX_CANCELLATION_REASON_LENGTH, `Reason must be ${MAX_CANCELLATION_REASON_LENGTH} characters or less`),
});
export type CancelSessionInput = z.infer<typeof cancelSessionInput>;

/** `POST /api/sessions/{id}/rating` (spec section 5, Rating). */
export const rateSessionInput = z.object({
  rating: z
    .number({ error: 'Please select a rating' })
    .int('Please select a rating')
    .min(1, 'Please select a rating')
    .max(5, 'Please select a rating'),
  reviewText: z
    .string()
    .trim()
    .max(MAX_REVIEW_LENGTH, `Review must be ${MAX_REVIEW_LENGTH} characters or less`)
    .nullish()
    .transform((text) => (text ? text : null)),
});
export type RateSessionInput = z.infer<typeof rateSessionInput>;

export const ratingResult = z.object({ moderationStatus: z.enum(['approved', 'rejected']) });
export type RatingResult = z.infer<typeof ratingResult>;

export const MY_SESSIONS_PAGE_SIZE = 20;

/** `GET /api/me/sessions`: one dashboard section at a time, upcoming by default. */
export const mySessionsQuery = z
  .object({
    when: z.enum(['upcoming', 'past']).default('upcoming'),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(MY_SESSIONS_PAGE_SIZE),
  })
  .strict();
export type MySessionsQuery = z.infer<typeof mySessionsQuery>;

export const mySessions = z.object({ sessions: z.array(sessionView), nextCursor: z.string().optional() });
export type MySessions = z.infer<typeof mySessions>;
