import { DateTime } from 'luxon';
import { getItem, putItem, queryAll, updateIf } from '../../functions/data/dynamo';
import { standInKeys } from './standin-keys';
import { invalidRequest, noSuch } from './stripe-api/errors';
import type { StripeObject } from './stripe-api/expand';
import type { StripeObjects } from './stripe-api/objects';
import { bookBalance } from './stripe-balance';
import { takeFault } from './stripe-faults';
import { derivedStripeId, newStripeId } from './stripe-ids';
import type {
  LocalCharge,
  LocalInvoice,
  LocalSubscription,
  LocalSubscriptionCheckout,
  SignedEvent,
  SubscriptionCheckoutCreation,
} from './stripe-records';

/** What the stand-in's subscription part needs of the rest of it (bin/local/stripe-payments.ts). */
export interface StandInParts {
  objects: StripeObjects;
  signedEvent(type: string, object: StripeObject, created: number, previousAttributes?: StripeObject): SignedEvent;
  deliverToWebhook(event: SignedEvent): void;
  processingFee(amountCents: number): number;
  /** Notes that these PaymentIntent, charge or refund ids belong to the invoice. */
  pointAtInvoice(ids: string[], invoiceId: string): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const liveSubscriptions = async () =>
  (
    await queryAll<LocalSubscription>({
      KeyConditionExpression: 'pk = :partition',
      ExpressionAttributeValues: { ':partition': standInKeys.stripeSubscriptionsPartition },
      ConsistentRead: true,
    })
  ).filter((subscription) => subscription.status !== 'canceled');

const oneMonthAfter = (seconds: number) =>
  Math.floor(DateTime.fromSeconds(seconds, { zone: 'utc' }).plus({ months: 1 }).toSeconds());

/** The stand-in reads what it just wrote, as Stripe's API answers. */
const findItem = <T>(key: { pk: string; sk: string }) => getItem<T>(key, { ConsistentRead: true });

export const findInvoice = (invoiceId: string) => findItem<LocalInvoice>(standInKeys.stripeInvoice(invoiceId));

export const findSubscription = (subscriptionId: string) =>
  findItem<LocalSubscription>(standInKeys.stripeSubscription(subscriptionId));

export const findSubscriptionCheckout = (checkoutId: string) =>
  getItem<LocalSubscriptionCheckout>(standInKeys.stripeSubscriptionCheckout(checkoutId));

/** A paid invoice's charge. */
export const chargeOfInvoice = (invoice: LocalInvoice): LocalCharge => ({
  paymentIntentId: invoice.paymentIntentId,
  chargeId: invoice.chargeId,
  amountCents: invoice.amountCents,
  currency: 'usd',
  created: invoice.created,
  paid: invoice.status === 'paid',
  processingFeeCents: invoice.processingFeeCents,
  refundId: invoice.refundId,
  refundedAt: invoice.refundedAt,
  refundedCents: invoice.refundedCents,
  metadata: {},
  invoiceId: invoice.invoiceId,
});

/**
 * Stripe Billing without Stripe: subscription-mode Checkout, monthly invoices and renewals on the
 * stand-in's own clock, and the events Stripe sends for them, in Stripe's object shapes.
 */
export function subscriptionStandIn(parts: StandInParts) {
  const { objects } = parts;
  const saveSubscription = (subscription: LocalSubscription) =>
    putItem({ ...standInKeys.stripeSubscription(subscription.id), ...subscription });

  /** Bills one period of the subscription: paid (the charge booked) unless an `invoices` fault declines the card. */
  async function bill(subscription: LocalSubscription, periodStart: number, created: number) {
    const number = subscription.invoices + 1;
    const invoiceId = derivedStripeId('in', `${subscription.id}-${number}`);
    const declined = number > 1 && takeFault('invoices');
    const invoice: LocalInvoice = {
      invoiceId,
      stripeSubscriptionId: subscription.id,
      subscriptionMetadata: subscription.metadata,
      amountCents: subscription.amountCents,
      status: declined ? 'open' : 'paid',
      periodStart,
      periodEnd: oneMonthAfter(periodStart),
      created,
      paymentIntentId: derivedStripeId('pi', invoiceId),
      chargeId: derivedStripeId('ch', invoiceId),
      processingFeeCents: parts.processingFee(subscription.amountCents),
    };
    await putItem({ ...standInKeys.stripeInvoice(invoiceId), ...invoice });
    if (!declined) {
      await parts.pointAtInvoice([invoice.paymentIntentId, invoice.chargeId], invoiceId);
      await bookBalance.charge(invoice.chargeId, invoice.amountCents, invoice.processingFeeCents, created);
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
        parts.signedEvent(declined ? 'invoice.payment_failed' : 'invoice.paid', objects.invoice(invoice), created),
        parts.signedEvent(
          number === 1 ? 'customer.subscription.created' : 'customer.subscription.updated',
          objects.subscription(next),
          created,
        ),
      ],
    };
  }

  return {
    async createSubscriptionCheckout(creation: SubscriptionCheckoutCreation): Promise<LocalSubscriptionCheckout> {
      const checkout: LocalSubscriptionCheckout = {
        ...creation,
        checkoutId: newStripeId('cs'),
        createdAt: new Date().toISOString(),
        status: 'open',
      };
      await putItem({ ...standInKeys.stripeSubscriptionCheckout(checkout.checkoutId), ...checkout });
      return checkout;
    },

    /**
     * The customer pays a subscription checkout: the subscription starts, its first invoice is
     * paid, and Stripe's events follow (`customer.subscription.created`, `invoice.paid`,
     * `checkout.session.completed`). Empty when the checkout was not open.
     */
    async paySubscriptionCheckout(checkoutId: string): Promise<SignedEvent[]> {
      const stripeSubscriptionId = derivedStripeId('sub', checkoutId);
      const paid = await updateIf(standInKeys.stripeSubscriptionCheckout(checkoutId), {
        UpdateExpression: 'SET #status = :paid, stripeSubscriptionId = :sub',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':paid': 'paid', ':open': 'open', ':sub': stripeSubscriptionId },
      });
      if (!paid) return [];
      const checkout = (await findSubscriptionCheckout(checkoutId)) as LocalSubscriptionCheckout;
      const created = nowSeconds();
      const { events } = await bill(
        {
          id: stripeSubscriptionId,
          metadata: checkout.subscriptionMetadata,
          amountCents: checkout.amountCents,
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
        objects.subscriptionCheckoutSession(checkout),
        created,
      );
      return [...events.reverse(), completed];
    },

    /** `cancel_at_period_end` and `metadata` changed as asked; Stripe tells the webhook with `customer.subscription.updated`. */
    async updateSubscription(
      subscriptionId: string,
      change: { cancelAtPeriodEnd?: boolean; metadata?: Record<string, string> },
    ): Promise<LocalSubscription> {
      const subscription = await findSubscription(subscriptionId);
      if (!subscription) throw noSuch('subscription', subscriptionId);
      if (subscription.status === 'canceled' && change.cancelAtPeriodEnd !== undefined) {
        throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', {
          param: 'cancel_at_period_end',
        });
      }
      const next: LocalSubscription = {
        ...subscription,
        cancelAtPeriodEnd: change.cancelAtPeriodEnd ?? subscription.cancelAtPeriodEnd,
        metadata: change.metadata ? { ...subscription.metadata, ...change.metadata } : subscription.metadata,
      };
      await saveSubscription(next);
      parts.deliverToWebhook(
        parts.signedEvent('customer.subscription.updated', objects.subscription(next), nowSeconds(), {
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
        }),
      );
      return next;
    },

    /**
     * Refunds a paid invoice's charge, in full or `amountCents` of it, as an operator does in
     * Stripe's Dashboard or the API does (the app, for a plan's unused sessions), and answers the
     * `charge.refunded` event Stripe sends for it. One refund per invoice: a second is refused.
     */
    async refundInvoice(invoiceId: string, amountCents?: number): Promise<SignedEvent> {
      const found = await findInvoice(invoiceId);
      const refundCents = amountCents ?? found?.amountCents ?? 0;
      if (!Number.isInteger(refundCents) || refundCents < 1) {
        throw invalidRequest('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
      }
      if (found && refundCents > found.amountCents) {
        const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
        throw invalidRequest(
          `Refund amount (${dollars(refundCents)}) is greater than unrefunded amount on charge (${dollars(found.amountCents)})`,
          { code: 'amount_too_large', param: 'amount' },
        );
      }
      const refundId = derivedStripeId('re', invoiceId);
      const created = nowSeconds();
      const marked = await updateIf(standInKeys.stripeInvoice(invoiceId), {
        UpdateExpression: 'SET refundId = :refund, refundedAt = :at, refundedCents = :cents',
        ConditionExpression: '#status = :paid AND attribute_not_exists(refundId)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':refund': refundId, ':at': created, ':paid': 'paid', ':cents': refundCents },
      });
      if (!marked) {
        throw invalidRequest(`The charge of invoice ${invoiceId} is not paid or has already been refunded.`, {
          code: 'charge_already_refunded',
        });
      }
      const invoice = (await findInvoice(invoiceId)) as LocalInvoice;
      await parts.pointAtInvoice([refundId], invoiceId);
      await bookBalance.refund(refundId, invoice.chargeId, refundCents, created);
      return parts.signedEvent('charge.refunded', objects.charge(chargeOfInvoice(invoice)), created, {
        amount_refunded: 0,
        refunded: false,
      });
    },

    /** When the earliest period of a live subscription ends (ms), if one does. */
    async nextRenewalAt(): Promise<number | undefined> {
      const ends = (await liveSubscriptions()).map((subscription) => subscription.periodEnd * 1000);
      return ends.length > 0 ? Math.min(...ends) : undefined;
    },

    /**
     * Does what Stripe Billing does as time passes: each period that has ended is renewed (a new
     * invoice, paid or declined) or, when the subscription was to cancel then, the subscription
     * ends. Answers the events in the order Stripe sends them.
     */
    async billDueRenewals(): Promise<SignedEvent[]> {
      const now = nowSeconds();
      const events: SignedEvent[] = [];
      for (let subscription of await liveSubscriptions()) {
        while (subscription.status !== 'canceled' && subscription.periodEnd <= now) {
          const created = subscription.periodEnd;
          if (subscription.cancelAtPeriodEnd) {
            subscription = { ...subscription, status: 'canceled' };
            await saveSubscription(subscription);
            events.push(
              parts.signedEvent('customer.subscription.deleted', objects.subscription(subscription), created),
            );
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
