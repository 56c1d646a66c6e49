import type { SessionItem } from './session-item';
import { decidedMoney, outcomeMoney, outcomeSettled, outcomeWindowPassed } from './session-outcome';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The sweep looks at a session this long after its end: its completion job runs at the end, and a
 * sweep in the same minute would only race it.
 */
export const SWEEP_AFTER_END_MS = HOUR_MS;

/** An owed transfer this old has failed a week of daily retries: someone has to look at it. */
export const OWED_TRANSFER_STUCK_AFTER_DAYS = 7;

export const owedTooLong = (owed: { since: string }, now: Date): boolean =>
  Date.parse(owed.since) <= now.getTime() - OWED_TRANSFER_STUCK_AFTER_DAYS * DAY_MS;

/** What the daily sweep does with a session whose end has passed (workflows/payments/settlement-sweep.ts). */
export type SweepStep =
  /** Its money is settled for good (transferred, refunded, none to move) or another path owns it (a dispute). */
  | { step: 'close' }
  /** Completed, its outcome pending and its window still open: looked at again tomorrow. */
  | { step: 'wait' }
  /** Its outcome disputed and not yet resolved: support decides its money; looked at again tomorrow, never stuck. */
  | { step: 'support' }
  /** Still awaiting payment after its end: the expiry (30 minutes after booking) did not take. */
  | { step: 'expire_payment' }
  /** Held past its end and never completed: its completion job did not run or failed. */
  | { step: 'complete' }
  /** Paid, completed, its outcome still pending past its window: delivered now, then its coach paid (settleSessionOutcome). */
  | { step: 'settle_outcome' }
  /** Paid, completed, its outcome pays the coach, and neither transferred, refunded nor disputed. */
  | { step: 'pay_coach' }
  /** Nothing the sweep can do: it is counted and logged with this reason. */
  | { step: 'stuck'; reason: string };

type SweptSession = Pick<
  SessionItem,
  | 'status'
  | 'start'
  | 'end'
  | 'priceCents'
  | 'isFreeConsultation'
  | 'paidBy'
  | 'paymentIntentId'
  | 'transferId'
  | 'refund'
  | 'refundId'
  | 'disputeId'
  | 'disputeOutcome'
  | 'platformFeeCents'
  | 'outcome'
  | 'resolution'
  | 'supportCancellation'
>;

/** Whether the session's price was charged to the mentee's card (free and plan sessions move no money of their own). */
const paidByCard = (session: SweptSession) =>
  !session.isFreeConsultation &&
  session.paidBy !== 'plan' &&
  session.priceCents > 0 &&
  Boolean(session.paymentIntentId);

/** Pure: what the daily sweep does with `session` (its end passed) at `now`. */
export function sweepStepOf(session: SweptSession, now: Date): SweepStep {
  switch (session.status) {
    case 'pending_payment':
      return { step: 'expire_payment' };
    case 'confirmed':
    case 'scheduled':
      return { step: 'complete' };
    case 'cancelled':
      // Support's cancellation may leave the coach a share to pay, as a split does.
      if (session.supportCancellation) {
        const transfer = paidByCard(session) ? decidedMoney(session)?.transferCents : null;
        return transfer && !session.transferId && !session.disputeId ? { step: 'pay_coach' } : { step: 'close' };
      }
      // A cancelled session's payment is refunded in the cancelling write; the refund path alarms on its own failures.
      return paidByCard(session) && !session.refund && !session.refundId
        ? { step: 'stuck', reason: 'Cancelled with a payment and no refund requested.' }
        : { step: 'close' };
    case 'completed':
      if (!paidByCard(session) || session.transferId || session.refund || session.refundId) return { step: 'close' };
      // An open or lost dispute keeps the money from the coach; a won one is owed, and the owed list pays it.
      if (session.disputeId && session.disputeOutcome !== 'won') return { step: 'close' };
      if (!session.outcome) return outcomeWindowPassed(session, now) ? { step: 'settle_outcome' } : { step: 'wait' };
      if (!outcomeSettled(session)) return { step: 'support' };
      // A mentor's no-show or support's refund pays nobody: the refund requested in the deciding write closed it above.
      return outcomeMoney(session).transferCents === null
        ? { step: 'stuck', reason: 'Its outcome refunds the mentee, and no refund was requested.' }
        : { step: 'pay_coach' };
  }
}

/** Why a session is still not settled after the sweep took its step (the step it was left at). */
export const STUCK_REASONS: Record<'expire_payment' | 'complete' | 'settle_outcome' | 'pay_coach', string> = {
  expire_payment: 'Still awaiting payment after its end: expiring it did not take.',
  complete: 'Held past its end and not completed: completing it did not take.',
  settle_outcome: 'Paid, completed and its outcome window over with nothing decided: delivering it did not take.',
  pay_coach:
    'Paid, its outcome paying the coach, with neither a transfer nor a refund nor a dispute: the transfer was not made.',
};
