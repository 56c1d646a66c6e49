import type { Payments } from '../adapters/payments';
import type { PaymentEvent } from '../adapters/stripe-events';
import { appendLedgerEntry, getLedgerEntry } from '../data/ledger';
import { getSession } from '../data/sessions';
import { followUpEntry, ledgerEntryId, paymentEntry } from '../domain/ledger';
import { log } from '../http/log';
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
      const captured = await payments.capturedPayment(event.paymentIntentId);
      const parties = { sessionId: session.id, coachId: session.coachId, menteeId: session.menteeId };
      await appendCounted(paymentEntry(event, captured, parties));
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
      return;
    }
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
