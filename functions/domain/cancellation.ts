import type { SessionStatus } from './session-status';
import { DomainError, type ErrorCode } from './errors';
import { type Credits, creditReturns } from './plans';
import type { Canceller, SessionItem } from './session-item';

/** The reason rule itself (required once trimmed, at most 500) is schemas/session-actions.ts, shared with the SPA. */
export const CANCELLATION_REASON_REQUIRED = 'Please provide a reason for cancelling this session.';
export const MAX_CANCELLATION_REASON_LENGTH = 500;
/** Spec section 9: the mentee's lead time is 0 hours, so it never blocks; a coach is never blocked. */
export const MENTEE_CANCELLATION_LEAD_HOURS = 0;

/**
 * A party may cancel a held session (confirmed or scheduled) that has not started yet: the
 * dashboard offers Cancel only for 'upcoming' and 'soon', and once a session is live or over the
 * time was used, so it is not refunded. pending_payment is the payer's abandon, not a cancel.
 */
export const CANCELLABLE_STATUSES = ['confirmed', 'scheduled'] as const satisfies readonly SessionStatus[];

export interface CancellableSession {
  coachId: string;
  menteeId: string;
  status: SessionStatus;
  start: string;
}

/** Which party cancels; the caller must be one of them (the handler answers 404 otherwise). */
export const cancelledByOf = (session: CancellableSession, callerId: string): 'coach' | 'mentee' =>
  session.coachId === callerId ? 'coach' : 'mentee';

/** The codes a cancellation can be refused with because of the session's state (the dashboard shows their message). */
export const CANCELLATION_REFUSALS = [
  'ALREADY_CANCELLED',
  'SESSION_OVER',
  'AWAITING_PAYMENT',
  'SESSION_STARTED',
  'TOO_LATE_TO_CANCEL',
  'CONCURRENT_CHANGE',
] as const satisfies readonly ErrorCode[];

/** Throws a 409 unless the session is held (confirmed or scheduled): cancelled, over, or awaiting payment. */
export function assertHeld(session: Pick<CancellableSession, 'status'>): void {
  if (session.status === 'cancelled') throw new DomainError('ALREADY_CANCELLED', 'This session is already cancelled.');
  if (session.status === 'completed') throw new DomainError('SESSION_OVER', 'This session has already taken place.');
  if (!(CANCELLABLE_STATUSES as readonly string[]).includes(session.status)) {
    throw new DomainError('AWAITING_PAYMENT', 'This session is awaiting payment and cannot be cancelled.');
  }
}

/** Throws a 409 with a message the dashboard shows when this session cannot be cancelled now. */
export function assertCancellable(session: CancellableSession, cancelledBy: 'coach' | 'mentee', now: Date): void {
  assertHeld(session);
  const start = Date.parse(session.start);
  if (now.getTime() >= start) {
    throw new DomainError('SESSION_STARTED', 'This session has already started and can no longer be cancelled.');
  }
  const leadMs = MENTEE_CANCELLATION_LEAD_HOURS * 60 * 60 * 1000;
  if (cancelledBy === 'mentee' && leadMs > 0 && start - now.getTime() < leadMs) {
    throw new DomainError(
      'TOO_LATE_TO_CANCEL',
      `Sessions can be cancelled up to ${MENTEE_CANCELLATION_LEAD_HOURS} hours before they start.`,
    );
  }
}

/** How far ahead a mentee must cancel a free consultation to get it back (issue 30: no book-and-cancel loops). */
export const FREE_CONSULTATION_RETURN_NOTICE_MS = 24 * 60 * 60 * 1000;

/**
 * Whether cancelling a free consultation gives the mentee their one free consultation with that
 * mentor back: always when the mentor (or the system) cancels, when the mentee cancels only more
 * than 24 hours ahead; later it counts as used.
 */
export function freeConsultationReturns(session: { start: string }, cancelledBy: Canceller, now: Date): boolean {
  return cancelledBy !== 'mentee' || Date.parse(session.start) - now.getTime() > FREE_CONSULTATION_RETURN_NOTICE_MS;
}

/** What a cancellation gives back, written in the cancelling transaction (data/sessions.ts storeCancellation). */
export interface GivenBack {
  /** The mentee's one free consultation with this mentor, to book again. */
  freeConsultation: boolean;
  /** A plan session's credit, to the period it was spent from. */
  planCredit: { subscriptionId: string; periodEnd: string } | null;
}

/**
 * What cancelling this session gives back, decided on the session as read and, for a plan session,
 * its subscription's credits as read: the free consultation (freeConsultationReturns) and the plan
 * credit (domain/plans.ts creditReturns).
 */
export function givenBackByCancelling(
  session: Pick<SessionItem, 'start' | 'isFreeConsultation' | 'paidBy' | 'subscriptionId' | 'creditPeriodEnd'>,
  cancelledBy: Canceller,
  credits: Credits | null | undefined,
  now: Date,
): GivenBack {
  const { subscriptionId, creditPeriodEnd } = session;
  return {
    freeConsultation: session.isFreeConsultation && freeConsultationReturns(session, cancelledBy, now),
    planCredit:
      session.paidBy === 'plan' &&
      subscriptionId &&
      creditPeriodEnd &&
      creditReturns(session, cancelledBy, credits, now)
        ? { subscriptionId, periodEnd: creditPeriodEnd }
        : null,
  };
}

/** What support's cancellation refunds: all of what was paid, nothing, or a part of it. */
export type SupportRefund = 'full' | 'none' | { amountCents: number };

/**
 * The cents support's cancellation refunds of what the mentee paid by card (nothing for a free or
 * plan session, or one refunded already): 400 for a refund of nothing paid or above what was paid.
 */
export function supportRefundCents(
  session: Pick<SessionItem, 'priceCents' | 'paymentIntentId' | 'refund' | 'refundId'>,
  refund: SupportRefund,
): number {
  if (refund === 'none') return 0;
  const paidCents = session.paymentIntentId && !session.refund && !session.refundId ? session.priceCents : 0;
  const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message, [{ path: 'refund', message }]);
  if (paidCents === 0)
    throw invalid('This session was not paid by card, or is refunded already: there is nothing to refund.');
  const refundCents = refund === 'full' ? paidCents : refund.amountCents;
  if (refundCents > paidCents) throw invalid(`Refund at most the ${paidCents} cents paid.`);
  return refundCents;
}
