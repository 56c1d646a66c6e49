import { appendLedgerEntry } from '../../data/ledger';
import { keys } from '../../data/keys';
import { claimPlanPayout, getPlanPayout } from '../../data/plan-payouts';
import { getSubscription } from '../../data/subscriptions';
import { getProfile } from '../../data/profiles';
import {
  claimTransfer,
  forgetOwedTransfer,
  owedTransfers,
  recordFailedTransfer,
  recordOwedTransfer,
  recordTransfer,
  type TransferItemKey,
} from '../../data/transfers';
import { getSession } from '../../data/sessions';
import { type CapturedPayment, transferEntry } from '../../domain/ledger';
import { invoiceOfPlanPayout, isPlanPayoutId, planPayoutDueCents, planPeriodEnded } from '../../domain/plans';
import { decidedMoney } from '../../domain/session-outcome';
import { log } from '../../runtime/log';
import { BUSINESS_METRICS, countMetric } from '../../runtime/metrics';
import type { Payments } from '../../domain/ports';
import { payments } from '../../runtime/ports/payments';

export type TransferResult = 'transferred' | 'owed' | 'blocked_by_dispute' | 'nothing_to_transfer';

/** A coach's share to transfer: of a session its outcome pays for, or of a plan invoice whose month ended. */
interface CoachShare {
  /** Names the transfer: its group and idempotency key at Stripe, its ledger entry, its owed item (the session's id, or the payout's). */
  transferGroup: string;
  /** The session or subscription the transfer belongs to, in the ledger. */
  sessionId: string;
  coachId: string;
  menteeId: string;
  amountCents: number;
  /** The charge that paid for it, which the transfer is made from. */
  charge(payments: Payments): Promise<CapturedPayment>;
  /** The session or payout, which keeps the transfer's id and counts its failed tries. */
  itemKey: TransferItemKey;
  /** Which try this is: one more than the failed tries the item counts. */
  attempt: number;
}

/**
 * Pays the coach their share of a paid session whose outcome says so (domain/session-outcome.ts:
 * delivered, the mentee's no-show, or support's resolution, whose split pays the share of what was
 * not refunded): one transfer, from the charge that paid for it, however often and by whichever
 * caller this runs; never before the session is completed, never while its outcome is pending or
 * disputed, never for a mentor's no-show; for a session support cancelled, the share of what it did
 * not refund. A coach whose account cannot receive transfers yet is
 * owed it (retried daily, shown to finance). A transfer that fails is owed too, counted (the
 * TransfersFailing alarm) and thrown, so the job is retried and finally dead-lettered. A dispute
 * of the charge opened before the transfer blocks it.
 */
export async function payCoachForSession(sessionId: string, now: Date): Promise<TransferResult> {
  const session = await getSession(sessionId);
  const paymentIntentId = session?.paymentIntentId;
  const money = session && paymentIntentId ? decidedMoney(session) : null;
  if (!session || !paymentIntentId || !money) return 'nothing_to_transfer';
  // A refund the outcome did not ask for (one made in Stripe's Dashboard) leaves nothing to pay.
  const refundedOtherwise = (session.refund || session.refundId) && money.refundCents === 0;
  if (money.transferCents === null || money.transferCents <= 0 || refundedOtherwise) return 'nothing_to_transfer';
  if (session.transferId) return 'transferred';
  const claim = await claimTransfer(sessionId, now);
  if (claim === 'disputed') {
    log('warn', 'transfer blocked: the charge is disputed', { sessionId, disputeId: session.disputeId });
    return 'blocked_by_dispute';
  }
  if (claim !== 'claimed') return claim === 'transferred' ? 'transferred' : 'nothing_to_transfer';
  return transferCoachShare(
    {
      transferGroup: sessionId,
      sessionId,
      coachId: session.coachId,
      menteeId: session.menteeId,
      amountCents: money.transferCents,
      charge: (payments) => payments.capturedPayment(paymentIntentId),
      itemKey: keys.session(sessionId),
      attempt: (session.transferAttempts ?? 0) + 1,
    },
    now,
  );
}

/**
 * Pays the coach their share of a plan invoice once the month it paid for has ended (as a session
 * after delivery), by the same rules: once however often this runs, owed while their account
 * cannot receive it, none for an invoice disputed before; less what refunds took of it
 * (domain/plans.ts planPayoutDueCents), none once it was refunded in full.
 */
export async function payCoachForPlanInvoice(invoiceId: string, now: Date): Promise<TransferResult> {
  const payout = await getPlanPayout(invoiceId);
  if (!payout || planPayoutDueCents(payout) === 0) return 'nothing_to_transfer';
  if (payout.transferId) return 'transferred';
  const subscription = await getSubscription(payout.subscriptionId);
  if (!subscription || !planPeriodEnded(payout.periodEnd, subscription, now)) return 'nothing_to_transfer';
  const claimed = await claimPlanPayout(invoiceId, now);
  if (claimed.claim === 'disputed') {
    log('warn', 'transfer blocked: the charge is disputed', { invoiceId, disputeId: payout.disputeId });
    return 'blocked_by_dispute';
  }
  if (claimed.claim !== 'claimed') return claimed.claim === 'transferred' ? 'transferred' : 'nothing_to_transfer';
  // As claimed: a refund recorded after the claim finds the transfer started, and is alarmed (money-events.ts).
  const amountCents = planPayoutDueCents(claimed.payout);
  if (amountCents === 0) return 'nothing_to_transfer';
  return transferCoachShare(
    {
      transferGroup: payout.id,
      sessionId: payout.subscriptionId,
      coachId: payout.coachId,
      menteeId: payout.menteeId,
      amountCents,
      charge: (payments) => payments.invoicePayment(invoiceId),
      itemKey: keys.planPayout(invoiceId),
      attempt: (claimed.payout.transferAttempts ?? 0) + 1,
    },
    now,
  );
}

/** A session's transfer, or a plan payout's (its id says which: domain/plans.ts planPayoutId). */
const payCoach = (id: string, now: Date) =>
  isPlanPayoutId(id) ? payCoachForPlanInvoice(invoiceOfPlanPayout(id), now) : payCoachForSession(id, now);

async function transferCoachShare(share: CoachShare, now: Date): Promise<TransferResult> {
  const { transferGroup, coachId, amountCents, attempt } = share;
  /** Owed; after a try at Stripe, that try is counted, so the next goes under a new idempotency key. */
  const owe = async (reason: string, tried: boolean): Promise<TransferResult> => {
    const owed = { sessionId: transferGroup, coachId, amountCents, currency: 'usd', reason };
    if (tried) await recordFailedTransfer(share.itemKey, attempt, owed, now);
    else await recordOwedTransfer(owed, now);
    log('warn', 'transfer owed to the mentor', { paidFor: transferGroup, coachId, reason, attempt });
    return 'owed';
  };
  const coach = await getProfile(coachId);
  if (!coach?.stripeAccountId) return owe('The mentor has no payment account.', false);
  try {
    const charge = await share.charge(payments());
    const outcome = await payments().createTransfer({
      sessionId: transferGroup,
      amountCents,
      currency: charge.currency,
      destinationAccountId: coach.stripeAccountId,
      sourceChargeId: charge.chargeId,
      attempt,
    });
    if (outcome.result === 'account_cannot_receive') return owe(outcome.reason, true);
    // The ledger first: a run that dies before the item records the transfer makes it again, once.
    await appendLedgerEntry(
      transferEntry({
        transferGroup,
        sessionId: share.sessionId,
        coachId,
        menteeId: share.menteeId,
        at: now.toISOString(),
        transferId: outcome.transferId,
        amountCents,
        currency: charge.currency,
        paymentIntentId: charge.paymentIntentId,
        chargeId: charge.chargeId,
      }),
    );
    await recordTransfer(share.itemKey, transferGroup, outcome.transferId, now);
    return 'transferred';
  } catch (error) {
    countMetric(BUSINESS_METRICS.transferFailures);
    await owe(`The transfer failed: ${error instanceof Error ? error.message : String(error)}`, true);
    throw error;
  }
}

/**
 * The daily retry of every owed transfer. One that fails again stays owed (and counted); the run
 * goes on with the others and throws at the end, so the job's own retries and alarm see it.
 */
export async function payOwedTransfers(now: Date): Promise<Record<TransferResult, number>> {
  const results: Record<TransferResult, number> = {
    transferred: 0,
    owed: 0,
    blocked_by_dispute: 0,
    nothing_to_transfer: 0,
  };
  let failure: unknown = null;
  for (const owed of await owedTransfers()) {
    try {
      const result = await payCoach(owed.sessionId, now);
      // Transferred here or before (a try that failed late may have written the item after the transfer): no longer owed.
      if (result !== 'owed') await forgetOwedTransfer(owed.sessionId);
      results[result] += 1;
    } catch (error) {
      failure = error;
      results.owed += 1;
    }
  }
  if (failure) throw failure;
  return results;
}
