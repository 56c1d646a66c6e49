import type { AccountStatus } from '../../functions/domain/payment-account';
import type { LocalBalanceTransaction } from './stripe-balance';

/*
 * What the Stripe stand-in keeps of each Stripe object (in the table, under bin/local/standin-keys.ts),
 * from which its API builds Stripe's objects (bin/local/stripe-api/objects.ts).
 */

/** A signed event as Stripe would deliver it, and its endpoint's secret: Stripe signs each delivery attempt afresh. */
export interface SignedEvent {
  body: string;
  signature: string;
  secret: string;
}

/** A subscription-mode Checkout Session of the stand-in. */
export interface LocalSubscriptionCheckout {
  checkoutId: string;
  amountCents: number;
  description: string;
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  /** `subscription_data[metadata]`: what the subscription, its invoices and their events carry. */
  subscriptionMetadata: Record<string, string>;
  clientReferenceId?: string;
  createdAt: string;
  status: 'open' | 'paid';
  stripeSubscriptionId?: string;
}

/** What a subscription-mode Checkout Session is made of, its parameters checked. */
export type SubscriptionCheckoutCreation = Omit<LocalSubscriptionCheckout, 'checkoutId' | 'createdAt' | 'status'>;

/** A subscription as the stand-in keeps it; periods in Unix seconds, as Stripe's objects carry them. */
export interface LocalSubscription {
  id: string;
  metadata: Record<string, string>;
  amountCents: number;
  status: 'active' | 'past_due' | 'canceled';
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  invoices: number;
}

export interface LocalInvoice {
  invoiceId: string;
  stripeSubscriptionId: string;
  subscriptionMetadata: Record<string, string>;
  amountCents: number;
  status: 'paid' | 'open';
  periodStart: number;
  periodEnd: number;
  created: number;
  paymentIntentId: string;
  chargeId: string;
  processingFeeCents: number;
  /** Refunded (the Dashboard's refund of an invoice's payment, in full or in part, or the API's in full). */
  refundId?: string;
  refundedAt?: number;
  /** What the refund gave back, when only part of the charge (Stripe's `amount_refunded`). */
  refundedCents?: number;
}

export interface LocalAccount extends AccountStatus {
  accountId: string;
  email: string;
  createdAt: string;
  metadata?: Record<string, string>;
}

/** A payment-mode Checkout Session. `expiresAt` is the table's TTL attribute, so its own deadline is kept as `payBy`. */
export interface LocalCheckout {
  checkoutId: string;
  amountCents: number;
  description: string;
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  payBy: string;
  metadata: Record<string, string>;
  clientReferenceId?: string;
  /** `payment_intent_data`: what its PaymentIntent and charge carry. */
  paymentMetadata: Record<string, string>;
  transferGroup?: string;
  createdAt: string;
  status: 'open' | 'paid' | 'expired';
  /** The PaymentIntent and charge a payment makes (named when the session is made, so a test can name them first). */
  paymentIntentId: string;
  chargeId: string;
  /** When it was paid, Unix seconds. */
  paidAt?: number;
  /** Stripe's processing fee on the charge (2.9% + 30¢), kept from the platform's balance when it is paid. */
  processingFeeCents?: number;
  refundId?: string;
  refundedAt?: number;
  /** What the refund gave back, when only part of the charge (Stripe's `amount_refunded`). */
  refundedCents?: number;
  disputeStatus?: 'needs_response' | 'won' | 'lost';
  /** What its dispute booked on the platform's balance, in order (its withdrawal, then the money back on a win). */
  disputeBalance?: LocalBalanceTransaction[];
}

/** What a payment-mode Checkout Session is made of, its parameters checked. */
export type CheckoutCreation = Omit<
  LocalCheckout,
  'checkoutId' | 'createdAt' | 'status' | 'paymentIntentId' | 'chargeId'
>;

/** A transfer from the platform to a connected account, funded by one charge (source_transaction) when it names one. */
export interface LocalTransfer {
  transferId: string;
  amountCents: number;
  currency: string;
  destinationAccountId: string;
  sourceChargeId?: string;
  transferGroup?: string;
  description?: string;
  metadata: Record<string, string>;
  created: number;
  /** When it was made, in milliseconds: orders the transfers of one second, as Stripe lists them. */
  sequence: number;
  /** Stripe's `amount_reversed`: the running total taken back by reversals. */
  amountReversedCents?: number;
  reversals?: { id: string; amountCents: number; created: number }[];
}

export type TransferCreation = Omit<
  LocalTransfer,
  'transferId' | 'created' | 'sequence' | 'amountReversedCents' | 'reversals'
>;

/**
 * A paid (or payable) charge as the stand-in knows it, whether a Checkout's or an invoice's: what
 * its PaymentIntent, charge, refund and dispute objects are built from.
 */
export interface LocalCharge {
  paymentIntentId: string;
  chargeId: string;
  amountCents: number;
  currency: string;
  /** When it was paid (else when its PaymentIntent was made), Unix seconds. */
  created: number;
  paid: boolean;
  processingFeeCents: number;
  refundId?: string;
  refundedAt?: number;
  /** What its refund gave back, when only part of it (an invoice's, refunded as Stripe's Dashboard does; a session's, split by support). */
  refundedCents?: number;
  dispute?: {
    id: string;
    status: 'needs_response' | 'won' | 'lost';
    /** Stripe's `balance_transactions` of the dispute: zero, one or two. */
    balanceTransactions: LocalBalanceTransaction[];
  };
  metadata: Record<string, string>;
  transferGroup?: string;
  /** What it belongs to: a payment-mode Checkout Session, or an invoice. */
  checkoutId?: string;
  invoiceId?: string;
}

/** A charge refunded: in full, or in part, once. */
export type RefundedCharge = LocalCharge & { refundId: string; refundedAt: number };
