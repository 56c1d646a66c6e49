import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import Stripe from 'stripe';
import type { SubscriptionCheckoutRequest } from '../../functions/adapters/payments';
import type { CapturedPayment } from '../../functions/domain/ledger';
import { db, tableName } from '../../functions/data/client';
import { isConditionFailure, queryAll } from '../../functions/data/dynamo';
import { standInKeys } from './standin-keys';
import { takeFault } from './stripe-faults';

/** A signed event as Stripe would deliver it. */
export interface SignedEvent {
  body: string;
  signature: string;
}

/** A subscription-mode Checkout Session of the stand-in. */
export interface LocalSubscriptionCheckout extends SubscriptionCheckoutRequest {
  checkoutId: string;
  status: 'open' | 'paid';
  stripeSubscriptionId?: string;
}

/** A subscription as the stand-in keeps it; periods in Unix seconds, as Stripe's objects carry them. */
interface LocalSubscription {
  id: string;
  subscriptionId: string;
  amountCents: number;
  customerEmail: string;
  status: 'active' | 'past_due' | 'canceled';
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  invoices: number;
}

interface LocalInvoice {
  invoiceId: string;
  stripeSubscriptionId: string;
  subscriptionId: string;
  amountCents: number;
  status: 'paid' | 'open';
  periodStart: number;
  periodEnd: number;
  paymentIntentId: string;
  chargeId: string;
  processingFeeCents: number;
  /** Refunded in full (the Dashboard's refund of an invoice's payment). */
  refundId?: string;
}

/** What the stand-in's subscription part needs of the rest of it (bin/local/stripe-payments.ts). */
export interface StandInParts {
  standInPage(page: string, query: Record<string, string>): string;
  signedEvent(type: string, object: Record<string, unknown>, created: number): SignedEvent;
  deliverToWebhook(event: SignedEvent): void;
  bookCharge(sourceId: string, amountCents: number, created: string): Promise<void>;
  bookRefund(sourceId: string, amountCents: number, created: string): Promise<void>;
  processingFee(amountCents: number): number;
}

const derivedId = (prefix: string, key: string) =>
  `${prefix}_local_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;

// On globalThis: the stand-in and the `/_local/stripe/clock` route may be loaded as separate module copies.
const CLOCK = Symbol.for('physician-mentors.stripe-clock');
type Host = typeof globalThis & { [CLOCK]?: number };

/** The stand-in's clock: real time plus the days `POST /_local/stripe/clock` moved it on. */
export const standInNow = () => Date.now() + ((globalThis as Host)[CLOCK] ?? 0);
const nowSeconds = () => Math.floor(standInNow() / 1000);

export function advanceStandInClock(days: number): void {
  const host = globalThis as Host;
  host[CLOCK] = (host[CLOCK] ?? 0) + days * 24 * 60 * 60_000;
}

const oneMonthAfter = (seconds: number) =>
  Math.floor(DateTime.fromSeconds(seconds, { zone: 'utc' }).plus({ months: 1 }).toSeconds());

const subscriptionObject = (subscription: LocalSubscription) => ({
  id: subscription.id,
  object: 'subscription',
  status: subscription.status,
  cancel_at_period_end: subscription.cancelAtPeriodEnd,
  currency: 'usd',
  livemode: false,
  metadata: { subscriptionId: subscription.subscriptionId },
  items: {
    object: 'list',
    data: [
      {
        id: derivedId('si', subscription.id),
        object: 'subscription_item',
        current_period_start: subscription.periodStart,
        current_period_end: subscription.periodEnd,
        price: {
          object: 'price',
          unit_amount: subscription.amountCents,
          currency: 'usd',
          recurring: { interval: 'month' },
        },
      },
    ],
  },
});

const put = (item: Record<string, unknown>, condition?: string) =>
  db().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: condition }));

async function getItem<T>(key: { pk: string; sk: string }): Promise<T | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return (Item as T | undefined) ?? null;
}

/**
 * Stripe Billing without Stripe: subscription-mode Checkout, monthly invoices and renewals on the
 * stand-in's own clock, and the events Stripe sends for them, in Stripe's object shapes.
 */
export function subscriptionStandIn(parts: StandInParts) {
  const invoiceObject = (invoice: LocalInvoice) => ({
    id: invoice.invoiceId,
    object: 'invoice',
    status: invoice.status,
    amount_due: invoice.amountCents,
    amount_paid: invoice.status === 'paid' ? invoice.amountCents : 0,
    currency: 'usd',
    livemode: false,
    billing_reason: 'subscription_cycle',
    hosted_invoice_url: parts.standInPage('invoice', { id: invoice.invoiceId }),
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: invoice.stripeSubscriptionId,
        metadata: { subscriptionId: invoice.subscriptionId },
      },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: derivedId('il', invoice.invoiceId),
          object: 'line_item',
          amount: invoice.amountCents,
          currency: 'usd',
          period: { start: invoice.periodStart, end: invoice.periodEnd },
          parent: { type: 'subscription_item_details' },
        },
      ],
    },
  });

  const saveSubscription = (subscription: LocalSubscription) =>
    put({ ...standInKeys.stripeSubscription(subscription.id), ...subscription });

  /** Bills one period of the subscription: paid (the charge booked) unless an `invoices` fault declines the card. */
  async function bill(subscription: LocalSubscription, periodStart: number, created: number) {
    const number = subscription.invoices + 1;
    const invoiceId = derivedId('in', `${subscription.id}-${number}`);
    const declined = number > 1 && takeFault('invoices');
    const invoice: LocalInvoice = {
      invoiceId,
      stripeSubscriptionId: subscription.id,
      subscriptionId: subscription.subscriptionId,
      amountCents: subscription.amountCents,
      status: declined ? 'open' : 'paid',
      periodStart,
      periodEnd: oneMonthAfter(periodStart),
      paymentIntentId: derivedId('pi', invoiceId),
      chargeId: derivedId('ch', invoiceId),
      processingFeeCents: parts.processingFee(subscription.amountCents),
    };
    await put({ ...standInKeys.stripeInvoice(invoiceId), ...invoice });
    if (!declined) {
      await put({ ...standInKeys.stripeChargeInvoice(invoice.chargeId), invoiceId });
      await parts.bookCharge(invoiceId, invoice.amountCents, new Date(created * 1000).toISOString());
    }
    const next: LocalSubscription = {
      ...subscription,
      status: declined ? 'past_due' : 'active',
      periodStart,
      periodEnd: invoice.periodEnd,
      invoices: number,
    };
    await saveSubscription(next);
    return {
      subscription: next,
      events: [
        parts.signedEvent(declined ? 'invoice.payment_failed' : 'invoice.paid', invoiceObject(invoice), created),
        parts.signedEvent(
          number === 1 ? 'customer.subscription.created' : 'customer.subscription.updated',
          subscriptionObject(next),
          created,
        ),
      ],
    };
  }

  const findSubscriptionCheckout = (checkoutId: string) =>
    getItem<LocalSubscriptionCheckout>(standInKeys.stripeSubscriptionCheckout(checkoutId));

  return {
    async createSubscriptionCheckout(request: SubscriptionCheckoutRequest) {
      if (request.amountCents < 50) throw new Error('Amount must be at least 50 cents');
      const checkoutId = derivedId('cs', `subscription-${request.subscriptionId}`);
      const checkout: LocalSubscriptionCheckout = { ...request, checkoutId, status: 'open' };
      try {
        await put({ ...standInKeys.stripeSubscriptionCheckout(checkoutId), ...checkout }, 'attribute_not_exists(pk)');
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      return { checkoutId, url: parts.standInPage('checkout', { id: checkoutId }) };
    },

    findSubscriptionCheckout,

    /**
     * The customer pays a subscription checkout: the subscription starts, its first invoice is
     * paid, and Stripe's events follow (`customer.subscription.created`, `invoice.paid`,
     * `checkout.session.completed`). Empty when the checkout was not open.
     */
    async paySubscriptionCheckout(checkoutId: string): Promise<SignedEvent[]> {
      const stripeSubscriptionId = derivedId('sub', checkoutId);
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: standInKeys.stripeSubscriptionCheckout(checkoutId),
            UpdateExpression: 'SET #status = :paid, stripeSubscriptionId = :sub',
            ConditionExpression: '#status = :open',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':paid': 'paid', ':open': 'open', ':sub': stripeSubscriptionId },
          }),
        );
      } catch (error) {
        if (isConditionFailure(error)) return [];
        throw error;
      }
      const checkout = (await findSubscriptionCheckout(checkoutId)) as LocalSubscriptionCheckout;
      const created = nowSeconds();
      const { events } = await bill(
        {
          id: stripeSubscriptionId,
          subscriptionId: checkout.subscriptionId,
          amountCents: checkout.amountCents,
          customerEmail: checkout.customerEmail,
          status: 'active',
          periodStart: created,
          periodEnd: created,
          cancelAtPeriodEnd: false,
          invoices: 0,
        },
        created,
        created,
      );
      const completed = parts.signedEvent(
        'checkout.session.completed',
        {
          id: checkoutId,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'complete',
          payment_status: 'paid',
          subscription: stripeSubscriptionId,
          amount_total: checkout.amountCents,
          currency: 'usd',
          livemode: false,
          client_reference_id: checkout.subscriptionId,
          metadata: { subscriptionId: checkout.subscriptionId },
        },
        created,
      );
      return [...events.reverse(), completed];
    },

    async cancelSubscriptionAtPeriodEnd(stripeSubscriptionId: string) {
      const subscription = await getItem<LocalSubscription>(standInKeys.stripeSubscription(stripeSubscriptionId));
      if (!subscription) {
        throw new Stripe.errors.StripeInvalidRequestError({
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such subscription: '${stripeSubscriptionId}'`,
          statusCode: 404,
        });
      }
      if (subscription.status === 'canceled') {
        throw new Stripe.errors.StripeInvalidRequestError({
          type: 'invalid_request_error',
          message: 'A canceled subscription can only update its cancellation_details and metadata.',
          statusCode: 400,
        });
      }
      const next = { ...subscription, cancelAtPeriodEnd: true };
      await saveSubscription(next);
      parts.deliverToWebhook(
        parts.signedEvent('customer.subscription.updated', subscriptionObject(next), nowSeconds()),
      );
    },

    async invoicePayment(invoiceId: string): Promise<CapturedPayment> {
      const invoice = await getItem<LocalInvoice>(standInKeys.stripeInvoice(invoiceId));
      if (invoice?.status !== 'paid') throw new Error(`The local Stripe stand-in has no paid invoice ${invoiceId}`);
      return {
        paymentIntentId: invoice.paymentIntentId,
        chargeId: invoice.chargeId,
        amountCents: invoice.amountCents,
        processingFeeCents: invoice.processingFeeCents,
        currency: 'usd',
      };
    },

    findInvoice: (invoiceId: string) => getItem<LocalInvoice>(standInKeys.stripeInvoice(invoiceId)),

    /** The paid invoice a charge paid, for a transfer whose source it is; null for any other charge. */
    async invoiceOfCharge(chargeId: string): Promise<LocalInvoice | null> {
      const pointer = await getItem<{ invoiceId: string }>(standInKeys.stripeChargeInvoice(chargeId));
      return pointer ? getItem<LocalInvoice>(standInKeys.stripeInvoice(pointer.invoiceId)) : null;
    },

    /**
     * Refunds a paid invoice's charge in full, as an operator does in Stripe's Dashboard (the app
     * never refunds an invoice), and answers the `charge.refunded` event Stripe sends for it.
     */
    async refundInvoice(invoiceId: string): Promise<SignedEvent> {
      const refundId = derivedId('re', invoiceId);
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: standInKeys.stripeInvoice(invoiceId),
            UpdateExpression: 'SET refundId = :refund',
            ConditionExpression: '#status = :paid AND attribute_not_exists(refundId)',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':refund': refundId, ':paid': 'paid' },
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        throw new Stripe.errors.StripeInvalidRequestError({
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `The charge of invoice ${invoiceId} is not paid or has already been refunded.`,
          statusCode: 400,
        });
      }
      const invoice = (await getItem<LocalInvoice>(standInKeys.stripeInvoice(invoiceId))) as LocalInvoice;
      const created = nowSeconds();
      await parts.bookRefund(invoiceId, -invoice.amountCents, new Date(created * 1000).toISOString());
      return parts.signedEvent(
        'charge.refunded',
        {
          id: invoice.chargeId,
          object: 'charge',
          amount: invoice.amountCents,
          amount_refunded: invoice.amountCents,
          refunded: true,
          currency: 'usd',
          payment_intent: invoice.paymentIntentId,
          refunds: { object: 'list', data: [{ id: refundId, object: 'refund' }] },
        },
        created,
      );
    },

    /**
     * Moves the stand-in's clock on by `days` and does what Stripe Billing does meanwhile: each
     * period that ends is renewed (a new invoice, paid or declined) or, when the subscription was
     * to cancel then, the subscription ends. Answers the events in the order Stripe sends them.
     */
    async advanceClock(days: number): Promise<SignedEvent[]> {
      advanceStandInClock(days);
      const now = nowSeconds();
      const subscriptions = await queryAll<LocalSubscription>({
        KeyConditionExpression: 'pk = :partition',
        ExpressionAttributeValues: { ':partition': standInKeys.stripeSubscriptionsPartition },
        ConsistentRead: true,
      });
      const events: SignedEvent[] = [];
      for (let subscription of subscriptions) {
        while (subscription.status !== 'canceled' && subscription.periodEnd <= now) {
          const created = subscription.periodEnd;
          if (subscription.cancelAtPeriodEnd) {
            subscription = { ...subscription, status: 'canceled' };
            await saveSubscription(subscription);
            events.push(parts.signedEvent('customer.subscription.deleted', subscriptionObject(subscription), created));
            break;
          }
          const billed = await bill(subscription, subscription.periodEnd, created);
          subscription = billed.subscription;
          events.push(...billed.events);
        }
      }
      return events;
    },
  };
}

export type SubscriptionStandIn = ReturnType<typeof subscriptionStandIn>;
