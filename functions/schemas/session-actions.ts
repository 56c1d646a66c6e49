import { CANCELLATION_REASON_REQUIRED, MAX_CANCELLATION_REASON_LENGTH } from '../domain/cancellation';
import { MAX_RESCHEDULE_REASON_LENGTH, RESCHEDULE_REASON_REQUIRED } from '../domain/rescheduling';
import { sessionView } from './session';
import * as z from './zod';

export const MAX_REVIEW_LENGTH = 500;

/** A party's free-text reason: required once trimmed, at most `max` characters. */
const requiredReason = (required: string, max: number) =>
  z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), z.maxLength(max, `Reason must be ${max} characters or less`));

/** `POST /api/sessions/{id}/cancel`: the reason is required once trimmed (spec section 5, Cancellation). */
export const cancelSessionInput = z.object({
  reason: requiredReason(CANCELLATION_REASON_REQUIRED, MAX_CANCELLATION_REASON_LENGTH),
});
export type CancelSessionInput = z.infer<typeof cancelSessionInput>;

/** `POST /api/sessions/{id}/reschedule` (domain/rescheduling.ts): the new start and why. */
export const rescheduleSessionInput = z.object({
  start: z.iso.datetime({ offset: true, error: 'Choose a valid start time.' }),
  reason: requiredReason(RESCHEDULE_REASON_REQUIRED, MAX_RESCHEDULE_REASON_LENGTH),
});
export type RescheduleSessionInput = z.infer<typeof rescheduleSessionInput>;

const RATING_REQUIRED = 'Please select a rating';

/** `POST /api/sessions/{id}/rating` (spec section 5, Rating). */
export const rateSessionInput = z.object({
  rating: z.int({ error: RATING_REQUIRED }).check(z.gte(1, RATING_REQUIRED), z.lte(5, RATING_REQUIRED)),
  reviewText: z.pipe(
    z.nullish(
      z
        .string()
        .check(z.trim(), z.maxLength(MAX_REVIEW_LENGTH, `Review must be ${MAX_REVIEW_LENGTH} characters or less`)),
    ),
    z.transform((text) => (text ? text : null)),
  ),
});
export type RateSessionInput = z.infer<typeof rateSessionInput>;

export const ratingResult = z.object({ moderationStatus: z.enum(['approved', 'rejected']) });
export type RatingResult = z.infer<typeof ratingResult>;

/** `POST /api/sessions/{id}/join` → where the party's browser goes next: the session's meeting. */
export const joinResult = z.object({ meetingUrl: z.string() });
export type JoinResult = z.infer<typeof joinResult>;

export const MY_SESSIONS_PAGE_SIZE = 20;

/** `GET /api/me/sessions`: one dashboard section at a time, upcoming by default. */
export const mySessionsQuery = z.strictObject({
  when: z._default(z.enum(['upcoming', 'past']), 'upcoming'),
  cursor: z.optional(z.string().check(z.maxLength(500))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), MY_SESSIONS_PAGE_SIZE),
});
export type MySessionsQuery = z.infer<typeof mySessionsQuery>;

export const mySessions = z.object({ sessions: z.array(sessionView), nextCursor: z.optional(z.string()) });
export type MySessions = z.infer<typeof mySessions>;
