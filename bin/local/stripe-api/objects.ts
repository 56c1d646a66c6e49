import {
  balanceTransactionId,
  findBalanceTransaction,
  type LocalBalanceTransaction,
  secondsOf,
} from '../stripe-balance';
import { derivedStripeId } from '../stripe-ids';
import type {
  LocalAccount,
  LocalCharge,
  LocalCheckout,
  LocalInvoice,
  LocalSubscription,
  LocalSubscriptionCheckout,
  LocalTransfer,
  RefundedCharge,
} from '../stripe-records';
import { Expandable, type StripeObject } from './expand';
import stripeShapes from './stripe-shapes.json';

/** The charge, when it was refunded; else null. */
export const refundOf = (charge: LocalCharge | null): RefundedCharge | null =>
  charge?.refundId && charge.refundedAt !== undefined ? (charge as RefundedCharge) : null;

/** Stripe's `amount_refunded` of the charge. */
export const refundedCentsOf = (charge: LocalCharge) =>
  charge.refundId ? (charge.refundedCents ?? charge.amountCents) : 0;

/** What the builders look up to expand a field that names another object. */
export interface ObjectLookups {
  account(accountId: string): Promise<LocalAccount | null>;
  /** By its PaymentIntent's, its own or its refund's id. */
  charge(id: string): Promise<LocalCharge | null>;
  invoice(invoiceId: string): Promise<LocalInvoice | null>;
  subscription(subscriptionId: string): Promise<LocalSubscription | null>;
  transfer(transferId: string): Promise<LocalTransfer | null>;
  /** A stand-in page's address: hosted Checkout, invoice, onboarding, dashboard. */
  page(page: string, query: Record<string, string>): string;
}

/** Stripe's `invoice_payment` of an invoice (one per invoice here). */
export const invoicePaymentId = (invoiceId: string) => `inpay_${invoiceId.slice('in_'.length)}`;

const nullable = <T>(value: T | undefined) => value ?? null;

/** A kind of object the stand-in answers with (Stripe's `object`), with its blank (scripts/stripe-shapes.ts). */
type ShapedKind = Exclude<keyof typeof stripeShapes.kinds, 'event'>;

/**
 * An object of `kind` in the shape of the API version the SDK pins: Stripe's blank of it (every
 * field the version requires, null or empty where it may be), with what the stand-in knows over it.
 */
const shaped = (kind: ShapedKind, fields: StripeObject): StripeObject => ({
  ...structuredClone(stripeShapes.kinds[kind].blank),
  object: kind,
  ...fields,
});

/** An expandable field naming `id`: the object `build` makes of what `find` finds, when expanded. */
const ref = <Found>(
  id: string,
  find: (id: string) => Promise<Found | null>,
  build: (found: Found) => StripeObject | null,
) =>
  new Expandable(id, async () => {
    const found = await find(id);
    return found && build(found);
  });

/** A list object of `data`, as Stripe nests one in an object (a subscription's items, a transfer's reversals). */
const listOf = (data: StripeObject[], url: string): StripeObject => ({ object: 'list', data, has_more: false, url });

type Reversal = NonNullable<LocalTransfer['reversals']>[number];

/**
 * Stripe's objects, in the shapes of the API version the SDK pins (tests/integration/stripe-shapes.test.ts
 * checks them against its types), built on Stripe's blank of each kind with what the stand-in keeps:
 * every field the product reads, with Stripe's id prefixes, amounts in cents and Unix-second times.
 * A field that names another object is {@link Expandable}.
 */
export function stripeObjects(lookups: ObjectLookups) {
  const balanceOf = (created: number, id: string) =>
    ref(
      id,
      (balanceId) => findBalanceTransaction(created, balanceId),
      (found) => balanceTransaction(found),
    );
  const accountRef = (id: string) => ref(id, lookups.account, (found) => account(found));
  const chargeRef = (id: string) => ref(id, lookups.charge, (found) => charge(found));
  const paymentIntentRef = (id: string) => ref(id, lookups.charge, (found) => paymentIntent(found));
  const refundRef = (id: string) =>
    ref(id, lookups.charge, (found) => {
      const refunded = refundOf(found);
      return refunded && refund(refunded);
    });
  const disputeRef = (id: string, chargeId: string) =>
    ref(chargeId, lookups.charge, (found) =>
      found.dispute?.id === id ? dispute({ ...found, dispute: found.dispute }) : null,
    );
  const transferRef = (id: string) => ref(id, lookups.transfer, (found) => transfer(found));
  const reversalRef = (id: string, transferId: string) =>
    ref(transferId, lookups.transfer, (found) => {
      const reversal = found.reversals?.find((each) => each.id === id);
      return reversal ? transferReversal(found, reversal) : null;
    });
  const subscriptionRef = (id: string) => ref(id, lookups.subscription, (found) => subscription(found));
  const invoiceRef = (id: string) => ref(id, lookups.invoice, (found) => invoice(found));

  const account = (local: LocalAccount): StripeObject => {
    const capability = local.payoutsEnabled && local.detailsSubmitted ? 'active' : 'inactive';
    return shaped('account', {
      id: local.accountId,
      type: 'express',
      email: local.email,
      country: 'US',
      default_currency: 'usd',
      charges_enabled: local.chargesEnabled,
      payouts_enabled: local.payoutsEnabled,
      details_submitted: local.detailsSubmitted,
      capabilities: { card_payments: local.chargesEnabled ? 'active' : 'inactive', transfers: capability },
      metadata: local.metadata ?? {},
      created: secondsOf(local.createdAt),
    });
  };

  const paymentIntent = (local: LocalCharge): StripeObject =>
    shaped('payment_intent', {
      id: local.paymentIntentId,
      amount: local.amountCents,
      amount_received: local.paid ? local.amountCents : 0,
      currency: local.currency,
      status: local.paid ? 'succeeded' : 'requires_payment_method',
      latest_charge: local.paid ? chargeRef(local.chargeId) : null,
      payment_method_types: ['card'],
      capture_method: 'automatic_async',
      confirmation_method: 'automatic',
      metadata: local.metadata,
      transfer_group: nullable(local.transferGroup),
      created: local.created,
      livemode: false,
    });

  /** Without `refunds`: API versions since 2022-11-15 leave the list out unless it is expanded. */
  const charge = (local: LocalCharge): StripeObject =>
    shaped('charge', {
      id: local.chargeId,
      amount: local.amountCents,
      amount_captured: local.amountCents,
      amount_refunded: refundedCentsOf(local),
      refunded: Boolean(local.refundId) && refundedCentsOf(local) === local.amountCents,
      captured: true,
      paid: true,
      status: 'succeeded',
      currency: local.currency,
      payment_intent: paymentIntentRef(local.paymentIntentId),
      balance_transaction: balanceOf(local.created, balanceTransactionId(local.chargeId)),
      disputed: Boolean(local.dispute),
      metadata: local.metadata,
      transfer_group: nullable(local.transferGroup),
      created: local.created,
      livemode: false,
    });

  const refund = (local: RefundedCharge): StripeObject =>
    shaped('refund', {
      id: local.refundId,
      amount: refundedCentsOf(local),
      currency: local.currency,
      status: 'succeeded',
      reason: null,
      charge: chargeRef(local.chargeId),
      payment_intent: paymentIntentRef(local.paymentIntentId),
      balance_transaction: balanceOf(local.refundedAt, balanceTransactionId(local.refundId)),
      metadata: {},
      created: local.refundedAt,
    });

  const dispute = (local: LocalCharge & { dispute: NonNullable<LocalCharge['dispute']> }): StripeObject =>
    shaped('dispute', {
      id: local.dispute.id,
      amount: local.amountCents,
      currency: local.currency,
      status: local.dispute.status,
      balance_transactions: local.dispute.balanceTransactions.map(balanceTransaction),
      reason: 'fraudulent',
      charge: chargeRef(local.chargeId),
      payment_intent: paymentIntentRef(local.paymentIntentId),
      is_charge_refundable: false,
      created: local.created,
      livemode: false,
    });

  const balanceSource = (source: LocalBalanceTransaction['source']) => {
    switch (source.object) {
      case 'charge':
        return chargeRef(source.id);
      case 'refund':
        return refundRef(source.id);
      case 'dispute':
        return disputeRef(source.id, source.charge);
      case 'transfer':
        return transferRef(source.id);
      case 'transfer_reversal':
        return reversalRef(source.id, source.transfer);
    }
  };

  const balanceTransaction = (local: LocalBalanceTransaction): StripeObject =>
    shaped('balance_transaction', {
      id: local.id,
      amount: local.amountCents,
      currency: local.currency,
      fee: local.feeCents,
      net: local.amountCents - local.feeCents,
      fee_details: local.feeCents
        ? [
            {
              amount: local.feeCents,
              application: null,
              currency: local.currency,
              type: 'stripe_fee',
              description: local.source.object === 'dispute' ? 'Dispute fee' : 'Stripe processing fees',
            },
          ]
        : [],
      type: local.type,
      reporting_category: local.reportingCategory,
      source: balanceSource(local.source),
      status: 'available',
      available_on: local.created,
      created: local.created,
      description: null,
    });

  /** What both modes of Checkout Session show of the stand-in's. */
  const checkoutFields = (local: LocalCheckout | LocalSubscriptionCheckout, open: boolean): StripeObject => ({
    id: local.checkoutId,
    status: local.status === 'paid' ? 'complete' : local.status,
    payment_status: local.status === 'paid' ? 'paid' : 'unpaid',
    amount_subtotal: local.amountCents,
    amount_total: local.amountCents,
    currency: 'usd',
    customer_email: nullable(local.customerEmail),
    client_reference_id: nullable(local.clientReferenceId),
    metadata: local.metadata,
    allowed_payment_method_types: ['card'],
    payment_method_types: ['card'],
    ui_mode: 'hosted',
    url: open ? lookups.page('checkout', { id: local.checkoutId }) : null,
    success_url: local.successUrl,
    cancel_url: local.cancelUrl,
    created: secondsOf(local.createdAt),
    livemode: false,
  });

  const checkoutSession = (local: LocalCheckout): StripeObject =>
    shaped('checkout.session', {
      ...checkoutFields(local, local.status === 'open'),
      mode: 'payment',
      // Current API versions make the PaymentIntent when the customer pays, not with the session.
      payment_intent: local.status === 'paid' ? paymentIntentRef(local.paymentIntentId) : null,
      expires_at: secondsOf(local.payBy),
    });

  const subscriptionCheckoutSession = (local: LocalSubscriptionCheckout): StripeObject =>
    shaped('checkout.session', {
      ...checkoutFields(local, local.status === 'open'),
      mode: 'subscription',
      subscription: local.stripeSubscriptionId ? subscriptionRef(local.stripeSubscriptionId) : null,
      // Stripe's default: a day after the session was made.
      expires_at: secondsOf(local.createdAt) + 24 * 60 * 60,
    });

  /** The price Checkout made of the subscription's `price_data`, one per subscription. */
  const price = (subscriptionId: string, amountCents: number, created: number): StripeObject =>
    shaped('price', {
      id: derivedStripeId('price', subscriptionId),
      product: derivedStripeId('prod', subscriptionId),
      unit_amount: amountCents,
      currency: 'usd',
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
      created,
      livemode: false,
    });

  const subscription = (local: LocalSubscription): StripeObject =>
    shaped('subscription', {
      id: local.id,
      status: local.status,
      cancel_at_period_end: local.cancelAtPeriodEnd,
      currency: 'usd',
      livemode: false,
      metadata: local.metadata,
      items: listOf(
        [
          shaped('subscription_item', {
            id: `si_${local.id.slice('sub_'.length)}`,
            subscription: local.id,
            quantity: 1,
            current_period_start: local.periodStart,
            current_period_end: local.periodEnd,
            price: price(local.id, local.amountCents, local.periodStart),
            created: local.periodStart,
          }),
        ],
        `/v1/subscription_items?subscription=${local.id}`,
      ),
    });

  const invoice = (local: LocalInvoice): StripeObject =>
    shaped('invoice', {
      id: local.invoiceId,
      status: local.status,
      amount_due: local.amountCents,
      amount_paid: local.status === 'paid' ? local.amountCents : 0,
      amount_remaining: local.status === 'paid' ? 0 : local.amountCents,
      currency: 'usd',
      livemode: false,
      billing_reason: 'subscription_cycle',
      collection_method: 'charge_automatically',
      hosted_invoice_url: lookups.page('invoice', { id: local.invoiceId }),
      period_start: local.periodStart,
      period_end: local.periodEnd,
      created: local.created,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          subscription: subscriptionRef(local.stripeSubscriptionId),
          metadata: local.subscriptionMetadata,
        },
      },
      lines: listOf(
        [
          shaped('line_item', {
            id: `il_${local.invoiceId.slice('in_'.length)}`,
            invoice: local.invoiceId,
            amount: local.amountCents,
            subtotal: local.amountCents,
            currency: 'usd',
            quantity: 1,
            period: { start: local.periodStart, end: local.periodEnd },
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                invoice_item: null,
                proration: false,
                proration_details: null,
                subscription: local.stripeSubscriptionId,
                subscription_item: `si_${local.stripeSubscriptionId.slice('sub_'.length)}`,
              },
            },
            metadata: local.subscriptionMetadata,
            livemode: false,
          }),
        ],
        `/v1/invoices/${local.invoiceId}/lines`,
      ),
    });

  /** The payment of an invoice (Stripe's `invoice_payment`, one per invoice here). */
  const invoicePayment = (local: LocalInvoice): StripeObject =>
    shaped('invoice_payment', {
      id: invoicePaymentId(local.invoiceId),
      amount_paid: local.status === 'paid' ? local.amountCents : null,
      amount_requested: local.amountCents,
      currency: 'usd',
      invoice: invoiceRef(local.invoiceId),
      is_default: true,
      payment: { type: 'payment_intent', payment_intent: paymentIntentRef(local.paymentIntentId) },
      status: local.status === 'paid' ? 'paid' : 'open',
      status_transitions: { canceled_at: null, paid_at: local.status === 'paid' ? local.created : null },
      created: local.created,
      livemode: false,
    });

  const transferReversal = (transfer: LocalTransfer, reversal: Reversal): StripeObject =>
    shaped('transfer_reversal', {
      id: reversal.id,
      amount: reversal.amountCents,
      currency: transfer.currency,
      transfer: transfer.transferId,
      balance_transaction: balanceOf(reversal.created, balanceTransactionId(reversal.id)),
      metadata: {},
      created: reversal.created,
    });

  const transfer = (local: LocalTransfer): StripeObject => {
    const reversed = local.amountReversedCents ?? 0;
    return shaped('transfer', {
      id: local.transferId,
      amount: local.amountCents,
      amount_reversed: reversed,
      reversed: reversed === local.amountCents,
      currency: local.currency,
      destination: accountRef(local.destinationAccountId),
      source_transaction: local.sourceChargeId ? chargeRef(local.sourceChargeId) : null,
      transfer_group: nullable(local.transferGroup),
      description: nullable(local.description),
      metadata: local.metadata,
      balance_transaction: balanceOf(local.created, balanceTransactionId(local.transferId)),
      // Newest first, as Stripe lists them.
      reversals: listOf(
        [...(local.reversals ?? [])].reverse().map((reversal) => transferReversal(local, reversal)),
        `/v1/transfers/${local.transferId}/reversals`,
      ),
      created: local.created,
      livemode: false,
    });
  };

  return {
    account,
    paymentIntent,
    charge,
    refund,
    dispute,
    balanceTransaction,
    checkoutSession,
    subscriptionCheckoutSession,
    subscription,
    invoice,
    invoicePayment,
    transfer,
    transferReversal,
  };
}

export type StripeObjects = ReturnType<typeof stripeObjects>;
