import { paymentsFromEnvironment } from '../adapters/payments';
import { appendLedgerEntry } from '../data/ledger';
import { getProfile } from '../data/profiles';
import {
  claimTransfer,
  forgetOwedTransfer,
  owedTransfers,
  recordOwedTransfer,
  recordTransfer,
} from '../data/transfers';
import { completeEndedSession, getSession } from '../data/sessions';
import { transferEntry } from '../domain/ledger';
import { log } from '../http/log';
import { BUSINESS_METRICS, countMetric } from '../http/metrics';

export type TransferResult = 'transferred' | 'owed' | 'blocked_by_dispute' | 'nothing_to_transfer';

/**
 * Pays the coach their share of a delivered (completed) paid session: one transfer of the price
 * less the platform fee, from the charge that paid for it, however often this runs. A coach whose
 * account cannot receive transfers yet is owed it (retried daily, shown to finance). A transfer
 * that fails is owed too, counted (the TransfersFailing alarm) and thrown, so the job is retried
 * and finally dead-lettered. A dispute opened before the transfer blocks it.
 */
export async function payCoachForSession(sessionId: string, now: Date): Promise<TransferResult> {
  const session = await getSession(sessionId);
  if (session?.status !== 'completed' || !session.paymentIntentId || session.refundId) {
    return 'nothing_to_transfer';
  }
  if (session.transferId) return 'transferred';
  const claim = await claimTransfer(sessionId, now);
  if (claim === 'disputed') {
    log('warn', 'transfer blocked: the charge is disputed', { sessionId, disputeId: session.disputeId });
    return 'blocked_by_dispute';
  }
  if (claim !== 'claimed') return claim === 'transferred' ? 'transferred' : 'nothing_to_transfer';

  const amountCents = session.priceCents - session.platformFeeCents;
  const owe = async (reason: string): Promise<TransferResult> => {
    await recordOwedTransfer({ sessionId, coachId: session.coachId, amountCents, currency: 'usd', reason }, now);
    log('warn', 'transfer owed to the mentor', { sessionId, coachId: session.coachId, reason });
    return 'owed';
  };
  const coach = await getProfile(session.coachId);
  if (!coach?.stripeAccountId) return owe('The mentor has no payment account.');
  const payments = paymentsFromEnvironment();
  try {
    const charge = await payments.capturedPayment(session.paymentIntentId);
    const outcome = await payments.createTransfer({
      sessionId,
      amountCents,
      currency: charge.currency,
      destinationAccountId: coach.stripeAccountId,
      sourceChargeId: charge.chargeId,
    });
    if (outcome.result === 'account_cannot_receive') return owe(outcome.reason);
    // The ledger first: a run that dies before the session records the transfer makes it again, once.
    await appendLedgerEntry(
      transferEntry({
        sessionId,
        coachId: session.coachId,
        menteeId: session.menteeId,
        at: now.toISOString(),
        transferId: outcome.transferId,
        amountCents,
        currency: charge.currency,
        paymentIntentId: session.paymentIntentId,
        chargeId: charge.chargeId,
      }),
    );
    await recordTransfer(sessionId, outcome.transferId, now);
    return 'transferred';
  } catch (error) {
    countMetric(BUSINESS_METRICS.transferFailures);
    await owe(`The transfer failed: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}

/** The completion job: a held session whose end has passed becomes completed, and its coach is paid. */
export async function completeAndPayCoach(sessionId: string, now: Date): Promise<boolean> {
  const completed = await completeEndedSession(sessionId, now);
  await payCoachForSession(sessionId, now);
  return completed;
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
      const result = await payCoachForSession(owed.sessionId, now);
      if (result === 'blocked_by_dispute' || result === 'nothing_to_transfer') await forgetOwedTransfer(owed.sessionId);
      results[result] += 1;
    } catch (error) {
      failure = error;
      results.owed += 1;
    }
  }
  if (failure) throw failure;
  return results;
}
