import {
  balanceTransactionId,
  findBalanceTransaction,
  type LocalBalanceTransaction,
  secondsOf,
} from '../stripe-balance';
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

/** The charge, when it was refunded; else null. */
export const refundOf = (charge: LocalCharge | null): RefundedCharge | null =>
  charge?.refundId && charge.refundedAt !== undefined ? (charge as RefundedCharge) : null;

/** What the builders look up to expand a field that names another object. */
export interface ObjectLookups {
  account(accountId: string): Promise<LocalAccount | null>;
  /** By its PaymentIntent's, its own or its refund's id. */
  charge(id: string): Promise<LocalCharge | null>;
  invoice(invoiceId: string): Promise<LocalInvoice | null>;
  subscription(subscriptionId: string): Promise<LocalSubscription | null>;
  /** A stand-in page's address: hosted Checkout, invoice, onboarding, dashboard. */
  page(page: string, query: Record<string, string>): string;
}

/** Stripe's `invoice_payment` of an invoice (one per invoice here). */
export const invoicePaymentId = (invoiceId: string) => `inpay_${invoiceId.slice('in_'.length)}`;

const nullable = <T>(value: T | undefined) => value ?? null;

/**
 * Stripe's objects, in the shapes of the API version the SDK pins, for what the stand-in keeps:
 * every field the product reads, with Stripe's id prefixes, amounts in cents and Unix-second times.
 * A field that names another object is {@link Expandable}.
 */
export function stripeObjects(lookups: ObjectLookups) {
  const balanceOf = (created: number, id: string) =>
    new Expandable(id, async () => {
      const found = await findBalanceTransaction(created, id);
      return found && balanceTransaction(found);
    });

  const account = (local: LocalAccount): StripeObject => {
    const capability = local.payoutsEnabled && local.detailsSubmitted ? 'active' : 'inactive';
    return {
      id: local.accountId,
      object: 'account',
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
      livemode: false,
    };
  };
  const accountRef = (accountId: string) =>
    new Expandable(accountId, async () => {
      const found = await lookups.account(accountId);
      return found && account(found);
    });

  const chargeRef = (id: string) =>
    new Expandable(id, async () => {
      const found = await lookups.charge(id);
      return found && charge(found);
    });

  const paymentIntent = (local: LocalCharge): StripeObject => ({
    id: local.paymentIntentId,
    object: 'payment_intent',
    amount: local.amountCents,
    amount_received: local.paid ? local.amountCents : 0,
    currency: local.currency,
    status: local.paid ? 'succeeded' : 'requires_payment_method',
    latest_charge: local.paid ? chargeRef(local.chargeId) : null,
    payment_method_types: ['card'],
    capture_method: 'automatic_async',
    metadata: local.metadata,
    transfer_group: nullable(local.transferGroup),
    created: local.created,
    livemode: false,
  });

  const paymentIntentRef = (local: LocalCharge) =>
    new Expandable(local.paymentIntentId, async () => paymentIntent(local));

  /** Without `refunds`: API versions since 2022-11-15 leave the list out unless it is expanded. */
  const charge = (local: LocalCharge): StripeObject => ({
    id: local.chargeId,
    object: 'charge',
    amount: local.amountCents,
    amount_captured: local.amountCents,
    amount_refunded: local.refundId ? local.amountCents : 0,
    refunded: Boolean(local.refundId),
    captured: true,
    paid: true,
    status: 'succeeded',
    currency: local.currency,
    payment_intent: paymentIntentRef(local),
    balance_transaction: balanceOf(local.created, balanceTransactionId(local.chargeId)),
    disputed: Boolean(local.dispute),
    metadata: local.metadata,
    transfer_group: nullable(local.transferGroup),
    created: local.created,
    livemode: false,
  });

  const refund = (local: RefundedCharge): StripeObject => ({
    id: local.refundId,
    object: 'refund',
    amount: local.amountCents,
    currency: local.currency,
    status: 'succeeded',
    reason: null,
    charge: chargeRef(local.chargeId),
    payment_intent: paymentIntentRef(local),
    balance_transaction: balanceOf(local.refundedAt, balanceTransactionId(local.refundId)),
    metadata: {},
    created: local.refundedAt,
  });

  const dispute = (local: LocalCharge & { dispute: NonNullable<LocalCharge['dispute']> }): StripeObject => ({
    id: local.dispute.id,
    object: 'dispute',
    amount: local.amountCents,
    currency: local.currency,
    status: local.dispute.status,
    reason: 'fraudulent',
    charge: chargeRef(local.chargeId),
    payment_intent: paymentIntentRef(local),
    livemode: false,
  });

  const balanceTransaction = (local: LocalBalanceTransaction): StripeObject => ({
    id: local.id,
    object: 'balance_transaction',
    amount: local.amountCents,
    currency: local.currency,
    fee: local.feeCents,
    net: local.amountCents - local.feeCents,
    fee_details: local.feeCents
      ? [
          {
            amount: local.feeCents,
            currency: local.currency,
            type: 'stripe_fee',
            description: 'Stripe processing fees',
          },
        ]
      : [],
    type: local.type,
    reporting_category: local.reportingCategory,
    // The stand-in keeps the part of the source that the balance names (its charge or transfer).
    source: new Expandable(local.source.id, async () => ({ ...local.source })),
    status: 'available',
    available_on: local.created,
    created: local.created,
    description: null,
  });

  const checkoutSession = (local: LocalCheckout): StripeObject => {
    const open = local.status === 'open';
    return {
      id: local.checkoutId,
      object: 'checkout.session',
      mode: 'payment',
      status: local.status === 'paid' ? 'complete' : local.status,
      payment_status: local.status === 'paid' ? 'paid' : 'unpaid',
      amount_subtotal: local.amountCents,
      amount_total: local.amountCents,
      currency: 'usd',
      customer_email: nullable(local.customerEmail),
      client_reference_id: nullable(local.clientReferenceId),
      metadata: local.metadata,
      // Current API versions make the PaymentIntent when the customer pays, not with the session.
      payment_intent:
        local.status === 'paid'
          ? new Expandable(local.paymentIntentId, async () => {
              const found = await lookups.charge(local.paymentIntentId);
              return found && paymentIntent(found);
            })
          : null,
      subscription: null,
      url: open ? lookups.page('checkout', { id: local.checkoutId }) : null,
      success_url: local.successUrl,
      cancel_url: local.cancelUrl,
      expires_at: secondsOf(local.payBy),
      created: secondsOf(local.createdAt),
      livemode: false,
    };
  };

  const subscription = (local: LocalSubscription): StripeObject => ({
    id: local.id,
    object: 'subscription',
    status: local.status,
    cancel_at_period_end: local.cancelAtPeriodEnd,
    currency: 'usd',
    livemode: false,
    metadata: local.metadata,
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `si_${local.id.slice('sub_'.length)}`,
          object: 'subscription_item',
          current_period_start: local.periodStart,
          current_period_end: local.periodEnd,
          price: { object: 'price', unit_amount: local.amountCents, currency: 'usd', recurring: { interval: 'month' } },
        },
      ],
    },
  });

  const subscriptionRef = (subscriptionId: string) =>
    new Expandable(subscriptionId, async () => {
      const found = await lookups.subscription(subscriptionId);
      return found && subscription(found);
    });

  const subscriptionCheckoutSession = (local: LocalSubscriptionCheckout): StripeObject => ({
    id: local.checkoutId,
    object: 'checkout.session',
    mode: 'subscription',
    status: local.status === 'paid' ? 'complete' : 'open',
    payment_status: local.status === 'paid' ? 'paid' : 'unpaid',
    amount_subtotal: local.amountCents,
    amount_total: local.amountCents,
    currency: 'usd',
    customer_email: nullable(local.customerEmail),
    client_reference_id: nullable(local.clientReferenceId),
    metadata: local.metadata,
    payment_intent: null,
    subscription: local.stripeSubscriptionId ? subscriptionRef(local.stripeSubscriptionId) : null,
    url: local.status === 'open' ? lookups.page('checkout', { id: local.checkoutId }) : null,
    success_url: local.successUrl,
    cancel_url: local.cancelUrl,
    created: secondsOf(local.createdAt),
    livemode: false,
  });

  const invoice = (local: LocalInvoice): StripeObject => ({
    id: local.invoiceId,
    object: 'invoice',
    status: local.status,
    amount_due: local.amountCents,
    amount_paid: local.status === 'paid' ? local.amountCents : 0,
    amount_remaining: local.status === 'paid' ? 0 : local.amountCents,
    currency: 'usd',
    livemode: false,
    billing_reason: 'subscription_cycle',
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
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `il_${local.invoiceId.slice('in_'.length)}`,
          object: 'line_item',
          amount: local.amountCents,
          currency: 'usd',
          period: { start: local.periodStart, end: local.periodEnd },
          parent: { type: 'subscription_item_details' },
        },
      ],
    },
  });

  /** The payment of an invoice (Stripe's `invoice_payment`, one per invoice here). */
  const invoicePayment = (local: LocalInvoice): StripeObject => ({
    id: invoicePaymentId(local.invoiceId),
    object: 'invoice_payment',
    amount_paid: local.status === 'paid' ? local.amountCents : null,
    amount_requested: local.amountCents,
    currency: 'usd',
    invoice: new Expandable(local.invoiceId, async () => {
      const found = await lookups.invoice(local.invoiceId);
      return found && invoice(found);
    }),
    is_default: true,
    payment: {
      type: 'payment_intent',
      payment_intent: new Expandable(local.paymentIntentId, async () => {
        const found = await lookups.charge(local.paymentIntentId);
        return found && paymentIntent(found);
      }),
    },
    status: local.status === 'paid' ? 'paid' : 'open',
    created: local.created,
    livemode: false,
  });

  const transferReversal = (transfer: LocalTransfer, reversal: NonNullable<LocalTransfer['reversals']>[number]) => ({
    id: reversal.id,
    object: 'transfer_reversal',
    amount: reversal.amountCents,
    currency: transfer.currency,
    transfer: transfer.transferId,
    balance_transaction: balanceOf(reversal.created, balanceTransactionId(reversal.id)),
    metadata: {},
    created: reversal.created,
  });

  const transfer = (local: LocalTransfer): StripeObject => {
    const reversed = local.amountReversedCents ?? 0;
    return {
      id: local.transferId,
      object: 'transfer',
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
      reversals: {
        object: 'list',
        has_more: false,
        data: [...(local.reversals ?? [])].reverse().map((reversal) => transferReversal(local, reversal)),
        url: `/v1/transfers/${local.transferId}/reversals`,
      },
      created: local.created,
      livemode: false,
    };
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
