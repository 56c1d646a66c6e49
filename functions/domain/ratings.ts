import type { PublicRating } from '../schemas/rating';
import { OUTCOME_WINDOW_HOURS_AFTER_END } from './outcome-window';

export interface StoredRating {
  sessionId: string;
  rating: number;
  reviewText: string | null;
  reviewerName: string;
  moderationStatus: 'approved' | 'rejected';
  createdAt: string;
}

/** A review's text is public only once moderation approved it. */
export function toPublicRating(rating: StoredRating): PublicRating {
  return {
    id: rating.sessionId,
    rating: rating.rating,
    reviewText: rating.moderationStatus === 'approved' ? rating.reviewText : null,
    reviewerName: rating.reviewerName,
    createdAt: rating.createdAt,
  };
}

/** How long before its start a session's meeting link counts as joining it. */
export const JOIN_OPENS_BEFORE_START_MS = 15 * 60_000;

/**
 * Whether the mentee following the join link now counts as attending: from a quarter of an hour
 * before the start to the end. A click days ahead opens the link but proves nothing.
 */
export function joinCounts(session: { start: string; end: string }, now: Date): boolean {
  const at = now.getTime();
  return at >= Date.parse(session.start) - JOIN_OPENS_BEFORE_START_MS && at <= Date.parse(session.end);
}

export interface RateableSession {
  isFreeConsultation: boolean;
  priceCents: number;
  paidBy?: 'plan';
  /** The mentee followed the session's join link while it was on (joinCounts). */
  menteeJoined: boolean;
}

export const NOT_RATEABLE_MESSAGE =
  'Only paid sessions and free consultations you joined can be rated. Join free consultations with the Join Session button.';

/** Issue 39: a rating is of a session that happened, so only a delivered one is rateable. */
export const NOT_DELIVERED_MESSAGE = `A session can be rated once it was delivered: when you both said it happened, or ${OUTCOME_WINDOW_HOURS_AFTER_END} hours after its end if nobody reported a problem.`;

/**
 * Issue 30: ratings must come from real sessions. A paid session (by card or a plan credit) was paid
 * for; a free consultation costs nothing, so it counts only when the mentee joined its meeting
 * through our link. A free consultation completes by the clock alone, so completion proves nothing.
 */
export function isRateable(session: RateableSession): boolean {
  if (session.isFreeConsultation) return session.menteeJoined;
  return session.paidBy === 'plan' || session.priceCents > 0;
}
