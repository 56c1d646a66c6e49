import type Stripe from 'stripe';
import type { AccountStatus } from '../domain/payment-account';
import { localPaymentsFromEnvironment } from './local-payments';
import type { PaymentEvent } from './stripe-events';

/** A hosted payment page for one paid session, paid to the coach's connected account. */
export interface CheckoutRequest {
  sessionId: string;
  amountCents: number;
  platformFeeCents: number;
  destinationAccountId: string;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CheckoutState {
  status: 'open' | 'paid' | 'expired';
  paymentIntentId: string | null;
}

/** The payment provider's connected accounts (mentors being paid), checkouts, refunds and signed events. */
export interface Payments {
  /** Answers with the same account when asked again for the same user, so a double click makes one account. */
  createConnectedAccount(owner: { userId: string; email: string }): Promise<string>;
  /** A single-use link to the provider's onboarding (identity and bank verification). */
  onboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<string>;
  /** A single-use link into the provider's dashboard for the account's owner. */
  dashboardLink(accountId: string): Promise<string>;
  accountStatus(accountId: string): Promise<AccountStatus>;
  /** Asking again for the same session answers with the same checkout. */
  createCheckout(request: CheckoutRequest): Promise<{ checkoutId: string; url: string }>;
  checkoutState(checkoutId: string): Promise<CheckoutState>;
  /** Closes an unpaid checkout so it can no longer be paid; a no-op once it is paid or expired. */
  expireCheckout(checkoutId: string): Promise<void>;
  /** Refunds a payment in full; asking again for the same session refunds nothing more. */
  refund(paymentIntentId: string, sessionId: string): Promise<string>;
  /** Throws DomainError VALIDATION_FAILED when the signature is missing or does not match the raw body. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): Promise<PaymentEvent>;
}

/** Stripe Connect with Express accounts: Stripe hosts onboarding and the mentor's dashboard. */
export function stripePayments(secretKey: string, webhookSecret: string): Payments {
  // The SDK loads on the first call that needs it: a free booking or cancellation never does.
  let client: Promise<Stripe> | undefined;
  const sdk = () => (client ??= import('stripe').then(({ default: StripeSdk }) => new StripeSdk(secretKey)));
  return {
    async createConnectedAccount({ userId, email }) {
      const account = await (await sdk()).accounts.create(
        {
          type: 'express',
          email,
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { userId },
        },
        // Stripe answers a repeated key (for 24 hours) with the first account instead of a second one.
        { idempotencyKey: `connected-account-${userId}` },
      );
      return account.id;
    },

    async onboardingLink(accountId, returnUrl, refreshUrl) {
      const link = await (await sdk()).accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },

    async dashboardLink(accountId) {
      return (await (await sdk()).accounts.createLoginLink(accountId)).url;
    },

    async accountStatus(accountId) {
      const account = await (await sdk()).accounts.retrieve(accountId);
      return {
        chargesEnabled: account.charges_enabled ?? false,
        payoutsEnabled: account.payouts_enabled ?? false,
        detailsSubmitted: account.details_submitted ?? false,
      };
    },

    async createCheckout(request) {
      const checkout = await (await sdk()).checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          payment_intent_data: {
            application_fee_amount: request.platformFeeCents,
            transfer_data: { destination: request.destinationAccountId },
            metadata: { sessionId: request.sessionId },
          },
          metadata: { sessionId: request.sessionId },
          client_reference_id: request.sessionId,
          customer_email: request.customerEmail,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          // Stripe refuses less than 30 minutes from its own clock; our schedule expires it at 30 anyway.
          expires_at: Math.floor(request.expiresAt.getTime() / 1000) + 60,
        },
        { idempotencyKey: `checkout-${request.sessionId}` },
      );
      if (!checkout.url) throw new Error(`Stripe returned checkout ${checkout.id} without a URL`);
      return { checkoutId: checkout.id, url: checkout.url };
    },

    async checkoutState(checkoutId) {
      const checkout = await (await sdk()).checkout.sessions.retrieve(checkoutId);
      const paymentIntentId =
        typeof checkout.payment_intent === 'string' ? checkout.payment_intent : (checkout.payment_intent?.id ?? null);
      if (checkout.payment_status === 'paid') return { status: 'paid', paymentIntentId };
      return { status: checkout.status === 'expired' ? 'expired' : 'open', paymentIntentId };
    },

    async expireCheckout(checkoutId) {
      const checkout = await (await sdk()).checkout.sessions.retrieve(checkoutId);
      if (checkout.status === 'open') await (await sdk()).checkout.sessions.expire(checkoutId);
    },

    async refund(paymentIntentId, sessionId) {
      const refund = await (await sdk()).refunds.create(
        { payment_intent: paymentIntentId, reverse_transfer: true, refund_application_fee: true },
        { idempotencyKey: `refund-${sessionId}` },
      );
      return refund.id;
    },

    verifyWebhook: async (rawBody, signature) =>
      (await import('./stripe-events')).verifyStripeEvent(rawBody, signature, webhookSecret),
  };
}

let shared: Payments | undefined;

/**
 * Real Stripe when STRIPE_SECRET_KEY is set; otherwise the local stand-in, which only the local
 * stack enables (LOCAL_STRIPE_WEBHOOK_SECRET), so a deployed function never falls back to it.
 */
export function paymentsFromEnvironment(): Payments {
  shared ??= choosePayments();
  return shared;
}

function choosePayments(): Payments {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = process.env;
  if (STRIPE_SECRET_KEY) {
    if (!STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    return stripePayments(STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET);
  }
  const local = localPaymentsFromEnvironment();
  if (!local) throw new Error('STRIPE_SECRET_KEY is not set');
  return local;
}
