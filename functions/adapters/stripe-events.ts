import Stripe from 'stripe';
import { DomainError } from '../domain/errors';
import type { PaymentEvent, InvoiceFacts } from '../domain/ports';

/**
 * Checks the `Stripe-Signature` header (HMAC-SHA256 over `${t}.${body}`, timestamp within
 * Stripe's 5-minute tolerance) against the exact bytes received. Stripe signs each endpoint's
 * events with that endpoint's own secret, and a Connect platform has two endpoints (its own
 * Checkout events, its connected accounts' events), so an event signed with any one of `secrets`
 * passes and nothing else does. The SDK's static helpers need neither an API key nor the
 * network, so the local stand-in checks with the same code as production.
 */
export function verifyStripeEvent(
  rawBody: Buffer | string,
  signature: string | undefined,
  secrets: readonly string[],
): PaymentEvent {
  for (const secret of secrets) {
    try {
      return reduceEvent(Stripe.webhooks.constructEvent(rawBody, signature ?? '', secret));
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
    }
  }
  throw new DomainError('VALIDATION_FAILED', 'The Stripe-Signature header is missing or does not match the body.');
}

/** When Stripe created the event (whole seconds): the time a ledger entry is booked at. */
const timeOf = (event: Stripe.Event) => new Date(event.created * 1000).toISOString();

const isoOf = (seconds: number) => new Date(seconds * 1000).toISOString();

const idOf = (field: string | { id: string } | null) => (typeof field === 'string' ? field : (field?.id ?? null));

function reduceEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'account.updated':
      return { id: event.id, kind: 'accountUpdated', accountId: event.data.object.id };
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const checkout = event.data.object;
      const subscriptionId = checkout.metadata?.subscriptionId;
      const stripeSubscriptionId = idOf(checkout.subscription);
      if (checkout.mode === 'subscription') {
        if (!subscriptionId || !stripeSubscriptionId) break;
        return {
          id: event.id,
          kind: 'subscriptionCheckoutCompleted',
          at: timeOf(event),
          subscriptionId,
          stripeSubscriptionId,
        };
      }
      const sessionId = checkout.metadata?.sessionId;
      // A delayed payment method completes the checkout before it pays; its success event follows.
      if (!sessionId || checkout.payment_status !== 'paid') break;
      return {
        id: event.id,
        kind: 'checkoutPaid',
        at: timeOf(event),
        checkoutId: checkout.id,
        sessionId,
        paymentIntentId: idOf(checkout.payment_intent),
        amountCents: checkout.amount_total ?? 0,
        livemode: event.livemode,
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      if (!paymentIntentId) break;
      const previous = event.data.previous_attributes as { amount_refunded?: number } | undefined;
      return {
        id: event.id,
        kind: 'chargeRefunded',
        at: timeOf(event),
        chargeId: charge.id,
        paymentIntentId,
        refundedCents: charge.amount_refunded,
        previouslyRefundedCents: previous?.amount_refunded ?? 0,
      };
    }
    case 'charge.refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      const paymentIntentId = idOf(refund.payment_intent);
      if (refund.status !== 'failed' || !paymentIntentId) break;
      return {
        id: event.id,
        kind: 'refundFailed',
        at: timeOf(event),
        refundId: refund.id,
        paymentIntentId,
        amountCents: refund.amount,
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const paymentIntentId = idOf(dispute.payment_intent);
      if (!paymentIntentId) break;
      const facts = {
        id: event.id,
        at: timeOf(event),
        disputeId: dispute.id,
        paymentIntentId,
        chargeId: idOf(dispute.charge),
        amountCents: dispute.amount,
        currency: dispute.currency,
        fees: dispute.balance_transactions
          .filter((transaction) => transaction.fee !== 0)
          .map((transaction) => ({ balanceTransactionId: transaction.id, feeCents: transaction.fee })),
      };
      return event.type === 'charge.dispute.created'
        ? { ...facts, kind: 'disputeOpened' }
        : { ...facts, kind: 'disputeClosed', status: dispute.status };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = details?.metadata?.subscriptionId;
      const stripeSubscriptionId = idOf(details?.subscription ?? null);
      const line =
        invoice.lines.data.find((item) => item.parent?.type === 'subscription_item_details') ?? invoice.lines.data[0];
      if (!invoice.id || !subscriptionId || !stripeSubscriptionId || !line) break;
      const facts: InvoiceFacts = {
        id: event.id,
        at: timeOf(event),
        subscriptionId,
        stripeSubscriptionId,
        invoiceId: invoice.id,
        amountCents: event.type === 'invoice.paid' ? invoice.amount_paid : invoice.amount_due,
        periodEnd: isoOf(line.period.end),
        hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
      };
      return event.type === 'invoice.paid'
        ? { ...facts, kind: 'invoicePaid' }
        : { ...facts, kind: 'invoicePaymentFailed' };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const subscriptionId = subscription.metadata?.subscriptionId;
      if (!subscriptionId) break;
      const periodEnd = subscription.items.data[0]?.current_period_end;
      return {
        id: event.id,
        kind: 'subscriptionChanged',
        at: timeOf(event),
        subscriptionId,
        stripeSubscriptionId: subscription.id,
        status: event.type === 'customer.subscription.deleted' ? 'canceled' : subscription.status,
        currentPeriodEnd: periodEnd ? isoOf(periodEnd) : null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end,
      };
    }
    case 'transfer.reversed': {
      const transfer = event.data.object;
      const sessionId = transfer.transfer_group ?? transfer.metadata?.sessionId;
      if (!sessionId) break;
      const previous = event.data.previous_attributes as { amount_reversed?: number } | undefined;
      // Without previous attributes, the newest reversal (listed first) is the one this event is about.
      const newest = transfer.reversals?.data[0]?.amount ?? transfer.amount_reversed;
      return {
        id: event.id,
        kind: 'transferReversed',
        at: timeOf(event),
        transferId: transfer.id,
        sessionId,
        reversedCents: transfer.amount_reversed,
        previouslyReversedCents: previous?.amount_reversed ?? transfer.amount_reversed - newest,
      };
    }
    case 'checkout.session.expired': {
      const sessionId = event.data.object.metadata?.sessionId;
      if (!sessionId) break;
      return { id: event.id, kind: 'checkoutExpired', checkoutId: event.data.object.id, sessionId };
    }
  }
  return { id: event.id, kind: 'unhandled', type: event.type };
}

/** The body and `Stripe-Signature` header Stripe would send for this event. */
export function signStripeEvent(
  event: { id: string; type: string; [field: string]: unknown },
  secret: string,
): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}
