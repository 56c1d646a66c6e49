import { FUNCTION_TIMEOUT_SECONDS } from '../../runtime/dependency-budget';
import { appendLedgerEntry } from '../../data/ledger';
import { claimRefundMail, type RefundMail, recordRefundTry, releaseRefundMail, settleRefund } from '../../data/refunds';
import type { SessionItem } from '../../domain/session-item';
import { claimRefund, getSession, recordSessionFields, releaseRefundClaim } from '../../data/sessions';
import { refundTryEntry } from '../../domain/ledger';
import { isDisputedRefusal, nextRefundTry, type RefundState } from '../../domain/refunds';
import { sessionRefundEmail, sessionRefundFailedEmail } from '../../domain/session-emails';
import { log } from '../../runtime/log';
import { BUSINESS_METRICS, countMetric } from '../../runtime/metrics';
import { menteeLetter } from './mentee-letter';
import { mailer } from '../../runtime/ports/mailer';
import { payments } from '../../runtime/ports/payments';
import { scheduler } from '../../runtime/ports/scheduler';

/**
 * Longer than any function runs, so a claim outlives its holder only when the holder died; and
 * shorter than Lambda's wait before it retries the job that died (a minute), so that retry can claim.
 */
export const REFUND_CLAIM_LEASE_MS = (FUNCTION_TIMEOUT_SECONDS + 20) * 1000;

/** Thrown by the refund job once every try failed, so Lambda retries it and then leaves it in the jobs' dead-letter queue. */
export class RefundGivenUpError extends Error {
  constructor(sessionId: string) {
    super(`The refund of session ${sessionId} failed every try and was given up`);
    this.name = 'RefundGivenUpError';
  }
}

const parties = (session: SessionItem) => ({
  sessionId: session.id,
  coachId: session.coachId,
  menteeId: session.menteeId,
});

const requestIdOf = (error: unknown) => {
  const id = (error as { requestId?: unknown })?.requestId;
  return typeof id === 'string' ? id : null;
};

/** Stripe's answer to a second refund of a charge refunded in full: an earlier try got through, only its answer was lost. */
const isAlreadyRefunded = (error: unknown) => (error as { code?: unknown })?.code === 'charge_already_refunded';

/**
 * One try of a cancelled session's refund (the `refundSession` job), try number `tryNumber` (1 for
 * the first, named by the schedule of each later one). Runs only when that try is the one due, so
 * a duplicate start or a stale schedule does nothing. A refused try is counted, shown to finance
 * and scheduled again with backoff (domain/refunds.ts); after the last the refund is failed, counted
 * (RefundsFailed, which alarms) and the job throws into the dead-letter queue. A disputed charge is
 * never refunded by the provider: it is failed at once, without retries. Answers whether it asked.
 */
export async function tryRefund(sessionId: string, tryNumber: number, now: Date): Promise<boolean> {
  const session = await getSession(sessionId);
  const refund = session?.refund;
  if (!session || !refund || !session.paymentIntentId) return false;
  if (refund.status === 'failed' && refund.failure === 'gave_up') {
    // A run that died between giving up and the e-mail: the retry sends it.
    await mailMenteeOnce(session, 'refundFailureMailedAt', sessionRefundFailedEmail, now);
    throw new RefundGivenUpError(sessionId);
  }
  if (refund.status !== 'requested' || session.refundId || refund.failedAttempts !== tryNumber - 1) return false;
  if (!(await claimRefund(sessionId, new Date(now.getTime() + REFUND_CLAIM_LEASE_MS), now))) return false;
  try {
    const refundId = await payments().refund(session.paymentIntentId, sessionId, tryNumber, refund.amountCents);
    await recordSessionFields(sessionId, { refundId, refundClaimedUntil: null }, now);
    return true;
  } catch (error) {
    if (isAlreadyRefunded(error)) {
      await releaseRefundClaim(sessionId);
      return true;
    }
    const recorded = await recordRefusal(session, refund, tryNumber, error, now);
    await releaseRefundClaim(sessionId);
    const current = recorded ?? (await getSession(sessionId))?.refund;
    if (current?.failure === 'gave_up') throw new RefundGivenUpError(sessionId);
    return true;
  }
}

/** Records a refused try and what follows it; answers the refund as stored, or null when another run had recorded this try. */
async function recordRefusal(
  session: SessionItem,
  refund: RefundState,
  tryNumber: number,
  error: unknown,
  now: Date,
): Promise<RefundState | null> {
  const disputed = isDisputedRefusal(error);
  const nextTry = disputed ? null : nextRefundTry(tryNumber, now);
  log(nextTry ? 'warn' : 'error', 'the payment provider refused a refund', {
    sessionId: session.id,
    tryNumber,
    nextTry: nextTry?.toISOString() ?? null,
    error: String(error),
  });
  const next: RefundState = {
    ...refund,
    failedAttempts: tryNumber,
    lastError: String(error).slice(0, 500),
    ...(nextTry ? {} : { status: 'failed', failure: disputed ? 'disputed' : 'gave_up' }),
  };
  // Another run recorded this try already (it died before releasing the claim): nothing more to do.
  if (!(await recordRefundTry(session.id, refund, next, now))) return null;
  await appendLedgerEntry(
    refundTryEntry({
      kind: nextTry ? 'refund_retry' : 'refund_given_up',
      tryNumber,
      at: now.toISOString(),
      parties: parties(session),
      paymentIntentId: session.paymentIntentId as string,
      requestId: requestIdOf(error),
    }),
  );
  if (nextTry) {
    await scheduler().schedule('refundSession', session.id, nextTry, tryNumber + 1);
  } else if (!disputed) {
    countMetric(BUSINESS_METRICS.refundsFailed);
    await mailMenteeOnce(session, 'refundFailureMailedAt', sessionRefundFailedEmail, now);
  }
  return next;
}

/**
 * Sends the mentee one e-mail about their refund (its claim makes it once however often this
 * runs); a failed send gives the claim back and throws, so the caller's retry sends it.
 */
async function mailMenteeOnce(
  session: SessionItem,
  mail: RefundMail,
  compose: typeof sessionRefundEmail,
  now: Date,
): Promise<void> {
  if (!session.refund || !(await claimRefundMail(session.id, mail, now))) return;
  try {
    const letter = await menteeLetter(session, now);
    if (!letter) return;
    await mailer().send(compose({ ...letter, amountCents: session.refund.amountCents }));
  } catch (error) {
    await releaseRefundMail(session.id, mail);
    throw error;
  }
}

/**
 * The provider confirmed the refund of the session's payment (`charge.refunded`): the session's
 * refund succeeded, and the mentee gets the e-mail that says so, once however often the event is
 * delivered. Answers with the session as the event left its refund.
 */
export async function refundConfirmed(sessionId: string, now: Date): Promise<SessionItem | null> {
  // A redelivery finds it settled already and reads it, so an e-mail that failed is sent again.
  const session =
    (await settleRefund(sessionId, 'succeeded', null, now, ['requested'])) ?? (await getSession(sessionId));
  if (session?.refund?.status === 'succeeded') await mailMenteeOnce(session, 'refundMailedAt', sessionRefundEmail, now);
  return session;
}

/**
 * The bank returned a refund the provider had made (`refund.failed`): the session's refund failed
 * after all. Answers with the session as the event left its refund.
 */
export async function refundFailedAtBank(sessionId: string, now: Date): Promise<SessionItem | null> {
  // Even after it was confirmed: the money is back with the platform, not with the mentee.
  const failed = await settleRefund(sessionId, 'failed', 'bank_declined', now, ['requested', 'succeeded']);
  if (failed) countMetric(BUSINESS_METRICS.refundsFailed);
  // The provider redelivers the event until this answers, so a send that failed is retried.
  const session = failed ?? (await getSession(sessionId));
  if (session?.refund?.failure === 'bank_declined') {
    await mailMenteeOnce(session, 'refundFailureMailedAt', sessionRefundFailedEmail, now);
  }
  return session;
}
