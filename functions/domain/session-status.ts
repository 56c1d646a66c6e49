import { isoSeconds } from './instants';
/**
 * A session's statuses and the cancellation reasons the system writes itself, apart from booking.ts
 * so that the schemas, the views and the data layer can name them without loading the slot rules
 * (and luxon with them) into every function that only shows a session.
 */

/** Spec section 4. */
export const SESSION_STATUSES = ['pending_payment', 'confirmed', 'scheduled', 'completed', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const PAYMENT_EXPIRED_REASON = 'Payment session expired';
export const PAYMENT_ABANDONED_REASON = 'Payment cancelled by user';

/**
 * A held session (confirmed or scheduled) whose end has passed, so it is due to be completed.
 * Compared as stored, ISO strings to the whole second, as the completing write's own condition compares
 * them: with milliseconds, `…T16:00:00.5Z` sorts before `…T16:00:00Z`, and a job run in the end's own
 * second would find the session not yet ended.
 */
export const heldPastItsEnd = (session: { status: SessionStatus; end: string }, now: Date): boolean =>
  (session.status === 'confirmed' || session.status === 'scheduled') && session.end <= isoSeconds(now);
