import { type Payments, paymentsFromEnvironment } from '../adapters/payments';
import type { PaymentEvent } from '../adapters/stripe-events';
import { archiveWebhookEvent } from '../adapters/webhook-archive';
import { paymentAccountOwner, savePaymentAccountStatus } from '../data/payment-accounts';
import { applyWebhookEventOnce } from '../data/webhook-events';
import { httpHandler } from '../http/handler';
import { log } from '../runtime/log';
import { BUSINESS_METRICS } from '../runtime/metrics';
import { rawBody } from '../http/raw-body';
import { applySubscriptionEvent } from '../workflows/plans/subscription-events';
import { recordMoneyEvent } from '../workflows/payments/money-events';
import { settleExpiredCheckout, settlePaidCheckout } from '../workflows/payments/payment-settlement';
import { refundConfirmed, refundFailedAtBank } from '../workflows/payments/refunds';

/** No body schema: the signature covers the exact bytes received, so the body is read raw. */
export const handler = httpHandler(
  { failureMetric: BUSINESS_METRICS.webhookFailures },
  async ({ event, context, now }) => {
    const payments = paymentsFromEnvironment();
    const body = rawBody(event);
    const received = await payments.verifyWebhook(body, event.headers['stripe-signature']);
    await archiveWebhookEvent(received.id, body, now);
    const outcome = await applyWebhookEventOnce(received.id, context, () => applyPaymentEvent(payments, received, now));
    return { status: 200, body: { received: true, duplicate: outcome === 'duplicate' } };
  },
);

async function applyPaymentEvent(payments: Payments, received: PaymentEvent, now: Date): Promise<void> {
  // First, so a refund this event causes finds its payment in the ledger.
  await recordMoneyEvent(payments, received, now);
  switch (received.kind) {
    case 'accountUpdated':
      return recordAccountStatus(payments, received.accountId, now);
    case 'checkoutPaid':
      return settlePaidCheckout(received.sessionId, received, now);
    case 'checkoutExpired':
      return settleExpiredCheckout(received.sessionId, now);
    case 'chargeRefunded':
      return refundConfirmed(received.paymentIntentId, now);
    case 'refundFailed':
      return refundFailedAtBank(received.paymentIntentId, now);
    case 'subscriptionCheckoutCompleted':
    case 'invoicePaid':
    case 'invoicePaymentFailed':
    case 'subscriptionChanged':
      return applySubscriptionEvent(payments, received, now);
    default:
      return;
  }
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
