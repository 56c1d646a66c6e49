import { paymentAccountOwner, savePaymentAccountStatus } from '../../data/payment-accounts';
import { getSession } from '../../data/sessions';
import { type MoneyEvent, refundedBy, sessionPaidBy } from '../../domain/ledger';
import type { SessionItem } from '../../domain/session-item';
import { log } from '../../runtime/log';
import type { LedgerEntry } from '../../schemas/ledger';
import {
  applyFailedInvoice,
  applyPaidInvoice,
  applySubscriptionChange,
  recordStripeSubscription,
} from '../plans/subscription-events';
import {
  paymentNamedBy,
  recordDisputeClosed,
  recordDisputeOpened,
  recordRefund,
  recordRefundFailure,
  recordSessionPayment,
  recordTransferReversal,
  recordUnmatchedDispute,
} from './money-events';
import { paymentMatches, settleExpiredCheckout, settlePaidCheckout } from './payment-settlement';
import { refundConfirmed, refundFailedAtBank } from './refunds';
import type { Payments, PaymentEvent } from '../../domain/ports';

export interface PaymentEventDeps {
  payments: Payments;
}

/** What applying an event stored: the ledger entries this delivery added, and the session as it left it. */
export interface AppliedPaymentEvent {
  ledger: LedgerEntry[];
  session: SessionItem | null;
}

const stored = (ledger: LedgerEntry[] = [], session: SessionItem | null = null): AppliedPaymentEvent => ({
  ledger,
  session,
});

/**
 * Applies one verified provider event: its ledger entries first (so a refund the event causes finds
 * its payment there), then what it settles. Safe however often the event is delivered (each step is
 * idempotent by itself; the webhook also applies an event once, data/webhook-events.ts). What a
 * settled session leaves to do (its meeting, e-mails, refund) the table's stream starts from the
 * write (workflows/booking/session-work.ts).
 */
export async function applyPaymentEvent(
  deps: PaymentEventDeps,
  event: PaymentEvent,
  now: Date,
): Promise<AppliedPaymentEvent> {
  switch (event.kind) {
    case 'checkoutPaid':
      return applyPaidCheckout(deps, event, now);
    case 'checkoutExpired':
      return stored([], await settleExpiredCheckout(event.sessionId, now));
    case 'chargeRefunded': {
      const refund = { ...event, refundId: await refundNamedBy(deps.payments, event) };
      const payment = await paymentNamedBy(refund, now);
      if (!payment) return stored();
      const ledger = await recordRefund(deps.payments, refund, payment);
      const sessionId = sessionPaidBy(payment);
      return stored(ledger, sessionId ? await refundConfirmed(sessionId, now) : null);
    }
    case 'refundFailed': {
      const payment = await paymentNamedBy(event, now);
      if (!payment) return stored();
      const ledger = await recordRefundFailure(event, payment);
      const sessionId = sessionPaidBy(payment);
      return stored(ledger, sessionId ? await refundFailedAtBank(sessionId, now) : null);
    }
    case 'disputeOpened': {
      const payment = await paymentNamedBy(event, now);
      return stored(payment ? await recordDisputeOpened(event, payment) : await recordUnmatchedDispute(event));
    }
    case 'disputeClosed': {
      const payment = await paymentNamedBy(event, now);
      return stored(payment ? await recordDisputeClosed(event, payment, now) : await recordUnmatchedDispute(event));
    }
    case 'transferReversed':
      return stored(await recordTransferReversal(event));
    case 'subscriptionCheckoutCompleted':
      await recordStripeSubscription(event, now);
      return stored();
    case 'invoicePaid':
      return stored(await applyPaidInvoice(deps, event, now));
    case 'invoicePaymentFailed':
      await applyFailedInvoice(event, now);
      return stored();
    case 'subscriptionChanged':
      await applySubscriptionChange(event, now);
      return stored();
    case 'accountUpdated':
      await recordAccountStatus(deps.payments, event.accountId, now);
      return stored();
    case 'unhandled':
      return stored();
  }
}

/** The refund a `charge.refunded` is about (the event names none), when its running total grew. */
async function refundNamedBy(
  payments: Payments,
  event: Extract<PaymentEvent, { kind: 'chargeRefunded' }>,
): Promise<string | null> {
  const refundCents = refundedBy(event);
  return refundCents > 0 ? payments.chargeRefund(event.chargeId, refundCents) : null;
}

/**
 * A paid checkout: its session read once, the payment checked against it once, then the payment
 * and Stripe's fee in the ledger, then the session settled.
 */
async function applyPaidCheckout(
  deps: PaymentEventDeps,
  event: Extract<MoneyEvent, { kind: 'checkoutPaid' }>,
  now: Date,
): Promise<AppliedPaymentEvent> {
  const session = await getSession(event.sessionId);
  if (!session) throw new Error(`A paid checkout ${event.id} names no session of ours (${event.sessionId})`);
  if (!paymentMatches(session, event)) return stored([], session);
  const ledger = await recordSessionPayment(deps.payments, session, event);
  return stored(ledger, await settlePaidCheckout(session, event, now));
}

/**
 * Stripe does not deliver events in order, so the event only says which account changed; its
 * current status is read from the provider rather than taken from a possibly stale payload.
 */
async function recordAccountStatus(payments: Payments, accountId: string, now: Date): Promise<void> {
  const userId = await paymentAccountOwner(accountId);
  if (!userId) {
    log('warn', 'account.updated for an account no profile owns', { accountId });
    return;
  }
  const status = await payments.accountStatus(accountId);
  if (!(await savePaymentAccountStatus(userId, accountId, status, now))) {
    log('warn', 'account.updated for an account its owner no longer holds', { accountId, userId });
  }
}
