import type { Payments } from '../adapters/payments';
import type { PaymentEvent } from '../adapters/stripe-events';
import { appendLedgerEntry, getLedgerEntry } from '../data/ledger';
import { getSession } from '../data/sessions';
import { recordDispute } from '../data/transfers';
import { followUpEntry, ledgerEntryId, paymentEntry, processingFeeEntry } from '../domain/ledger';
import { settlementMismatch } from '../domain/settlement';
import { log } from '../http/log';
import { isLiveStage } from '../http/stage';
import { BUSINESS_METRICS, type BusinessMetric, countMetric } from '../http/metrics';
import type { LedgerEntry } from '../schemas/ledger';

/**
 * Appends the ledger entry a provider event stands for. Idempotent by itself (the entry's id
 * names the money fact), so it is safe however often the event is delivered. A follow-up event
 * (refund, dispute) about a payment the ledger does not know yet throws, so the provider retries
 * it after the payment's own event, which Stripe may deliver later.
 */
export async function recordMoneyEvent(payments: Payments, event: PaymentEvent): Promise<void> {
  switch (event.kind) {
    case 'checkoutPaid': {
      if (!event.paymentIntentId) return;
      const session = await getSession(event.sessionId);
      if (!session) {
        log('warn', 'a paid checkout names no session of ours', { sessionId: event.sessionId, eventId: event.id });
        return;
      }
      // Not the session's own payment: no ledger fact of ours either, so the daily reconciliation shows the charge.
      if (settlementMismatch(session, event, isLiveStage())) return;
      const captured = await payments.capturedPayment(event.paymentIntentId);
      const payment = paymentEntry(event, captured, {
        sessionId: session.id,
        coachId: session.coachId,
        menteeId: session.menteeId,
        platformFeeCents: session.platformFeeCents,
      });
      await appendCounted(payment);
      await appendLedgerEntry(
        processingFeeEntry(payment, {
          at: event.at,
          eventId: event.id,
          sourceId: captured.chargeId,
          feeCents: captured.processingFeeCents,
        }),
      );
      return;
    }
    case 'chargeRefunded':
    case 'refundFailed':
    case 'disputeOpened':
    case 'disputeClosed': {
      const payment = await getLedgerEntry(ledgerEntryId.payment(event.paymentIntentId));
      if (!payment) throw new Error(`${event.kind} ${event.id} for a payment not in the ledger yet`);
      const entry = followUpEntry(event, payment);
      if (entry) await appendCounted(entry);
      if (entry && event.kind === 'chargeRefunded' && event.refundId) {
        await recordRefundFee(payments, event.refundId, entry);
      }
      if (event.kind === 'disputeOpened') await noteDispute(payment.sessionId, event.disputeId);
      return;
    }
  }
}

/** Stripe keeps its processing fee on a refund (a card refund's fee is 0); when it gives some back, the ledger says so. */
async function recordRefundFee(payments: Payments, refundId: string, refund: LedgerEntry): Promise<void> {
  const feeCents = await payments.refundProcessingFee(refundId);
  if (feeCents === 0) return;
  await appendLedgerEntry(
    processingFeeEntry(refund, {
      at: refund.at,
      eventId: refund.stripe.eventId,
      sourceId: refundId,
      feeCents,
      refundId,
    }),
  );
}

/**
 * A dispute before the coach's transfer blocks it (sessions/coach-transfer.ts); one after it means
 * the platform has paid out money the bank is taking back: recorded and alarmed.
 */
async function noteDispute(sessionId: string, disputeId: string): Promise<void> {
  const found = await recordDispute(sessionId, disputeId);
  if (found?.firstNotice && found.afterTransfer) {
    log('error', "a dispute was opened after the coach's transfer", { sessionId, disputeId });
    countMetric(BUSINESS_METRICS.disputesAfterTransfer);
  }
}

const countedKinds: Partial<Record<LedgerEntry['kind'], BusinessMetric>> = {
  payment: BUSINESS_METRICS.paymentsSettled,
  refund: BUSINESS_METRICS.refunds,
};

/** Counts a payment or refund once: when its entry is new, not when a redelivered event finds it. */
async function appendCounted(entry: LedgerEntry): Promise<void> {
  const metric = countedKinds[entry.kind];
  if ((await appendLedgerEntry(entry)) === 'added' && metric) countMetric(metric);
}
