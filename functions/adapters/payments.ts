import type { CapturedPayment } from '../domain/ledger';
import type { AccountStatus } from '../domain/payment-account';
import type { BalanceTransaction } from '../domain/reconciliation';
import { PAYMENTS_CALL_BUDGET_MS, STRIPE_CLIENT_SETTINGS, withinBudget } from './dependency-budget';
import { timedCall } from './dependency-latency';
import { injectedOrCloud } from './injected';
import { onFirstUse } from './on-first-use';
import { toBalanceTransaction } from './stripe-balance';
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
  /** The charge, transfer and application fee of a paid payment. */
  capturedPayment(paymentIntentId: string): Promise<CapturedPayment>;
  /** The platform account's balance transactions created in [from, to) that a ledger entry has a twin of. */
  balanceTransactions(from: Date, to: Date): Promise<BalanceTransaction[]>;
  /** Throws DomainError VALIDATION_FAILED when the signature is missing or does not match the raw body. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): Promise<PaymentEvent>;
}

/** The signing secrets of the two webhook endpoints a Connect platform has at Stripe. */
export interface WebhookSecrets {
  /** The platform endpoint: Checkout, charge and dispute events of the platform's own account. */
  platform: string;
  /** The Connect endpoint: events of the connected accounts (account.updated). */
  connect: string;
}

/** Stripe Connect with Express accounts: Stripe hosts onboarding and the mentor's dashboard. */
export function stripePayments(secretKey: string, webhookSecrets: WebhookSecrets): Payments {
  // The SDK loads with the first call that needs it: a free booking or a cancellation before payment never does.
  const sdk = onFirstUse(async () => {
    const { default: Stripe } = await import('stripe');
    return new Stripe(secretKey, STRIPE_CLIENT_SETTINGS);
  });
  const events = onFirstUse(() => import('./stripe-events'));
  return {
    async createConnectedAccount({ userId, email }) {
      const stripe = await sdk();
      const account = await stripe.accounts.create(
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
      const stripe = await sdk();
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },

    async dashboardLink(accountId) {
      const stripe = await sdk();
      return (await stripe.accounts.createLoginLink(accountId)).url;
    },

    async accountStatus(accountId) {
      const stripe = await sdk();
      const account = await stripe.accounts.retrieve(accountId);
      return {
        chargesEnabled: account.charges_enabled ?? false,
        payoutsEnabled: account.payouts_enabled ?? false,
        detailsSubmitted: account.details_submitted ?? false,
      };
    },

    async createCheckout(request) {
      const stripe = await sdk();
      const checkout = await stripe.checkout.sessions.create(
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
      const stripe = await sdk();
      const checkout = await stripe.checkout.sessions.retrieve(checkoutId);
      const paymentIntentId =
        typeof checkout.payment_intent === 'string' ? checkout.payment_intent : (checkout.payment_intent?.id ?? null);
      if (checkout.payment_status === 'paid') return { status: 'paid', paymentIntentId };
      return { status: checkout.status === 'expired' ? 'expired' : 'open', paymentIntentId };
    },

    async expireCheckout(checkoutId) {
      const stripe = await sdk();
      const checkout = await stripe.checkout.sessions.retrieve(checkoutId);
      if (checkout.status === 'open') await stripe.checkout.sessions.expire(checkoutId);
    },

    async refund(paymentIntentId, sessionId) {
      const stripe = await sdk();
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, reverse_transfer: true, refund_application_fee: true },
        { idempotencyKey: `refund-${sessionId}` },
      );
      return refund.id;
    },

    async capturedPayment(paymentIntentId) {
      const stripe = await sdk();
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] });
      const charge = intent.latest_charge;
      if (!charge || typeof charge === 'string') throw new Error(`PaymentIntent ${paymentIntentId} has no charge`);
      return {
        paymentIntentId,
        chargeId: charge.id,
        transferId: typeof charge.transfer === 'string' ? charge.transfer : (charge.transfer?.id ?? null),
        amountCents: charge.amount,
        applicationFeeCents: charge.application_fee_amount ?? 0,
        currency: charge.currency,
      };
    },

    async balanceTransactions(from, to) {
      const stripe = await sdk();
      const seconds = (instant: Date) => Math.floor(instant.getTime() / 1000);
      const found: BalanceTransaction[] = [];
      const listing = stripe.balanceTransactions.list({
        created: { gte: seconds(from), lt: seconds(to) },
        limit: 100,
        expand: ['data.source'],
      });
      for await (const transaction of listing) {
        const movement = toBalanceTransaction(transaction);
        if (movement) found.push(movement);
      }
      return found;
    },

    verifyWebhook: async (rawBody, signature) =>
      (await events()).verifyStripeEvent(rawBody, signature, [webhookSecrets.platform, webhookSecrets.connect]),
  };
}

/** The payments the host injected (the local stack's stand-in), else Stripe from STRIPE_SECRET_KEY. */
export function paymentsFromEnvironment(): Payments {
  return withinPaymentsBudget(injectedOrCloud('payments', stripeFromEnvironment));
}

const bounded = new WeakMap<Payments, Payments>();

/**
 * Every call that goes to the provider ends within PAYMENTS_CALL_BUDGET_MS, retries included, so a
 * provider (or stand-in) that hangs turns into a 503 and never into the function's timeout; and
 * each is timed as a `Stripe` dependency call named after the method.
 */
function withinPaymentsBudget(payments: Payments): Payments {
  const known = bounded.get(payments);
  if (known) return known;
  const wrapped = { ...payments };
  for (const [name, method] of Object.entries(payments) as [keyof Payments, (...args: unknown[]) => unknown][]) {
    if (name === 'verifyWebhook') continue;
    Object.assign(wrapped, {
      [name]: (...args: unknown[]) =>
        withinBudget('payments', PAYMENTS_CALL_BUDGET_MS, () =>
          timedCall('Stripe', name, () => method.apply(payments, args) as Promise<unknown>),
        ),
    });
  }
  bounded.set(payments, wrapped);
  return wrapped;
}

function stripeFromEnvironment(): Payments {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET } = process.env;
  if (!STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  if (!STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
  if (!STRIPE_CONNECT_WEBHOOK_SECRET) throw new Error('STRIPE_CONNECT_WEBHOOK_SECRET is not set');
  return stripePayments(STRIPE_SECRET_KEY, { platform: STRIPE_WEBHOOK_SECRET, connect: STRIPE_CONNECT_WEBHOOK_SECRET });
}
