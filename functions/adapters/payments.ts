import type { BalanceTransaction } from '../domain/reconciliation';
import { PAYMENTS_CALL_BUDGET_MS, STRIPE_CLIENT_SETTINGS, withinBudget } from '../runtime/dependency-budget';
import { timedCall } from '../runtime/dependency-latency';
import { onFirstUse } from './on-first-use';
import { reversedTransferOf, toBalanceTransaction } from './stripe-balance';
import type { Payments } from '../domain/ports';

/** The signing secrets of the two webhook endpoints a Connect platform has at Stripe. */
export interface WebhookSecrets {
  /** The platform endpoint: Checkout, charge and dispute events of the platform's own account. */
  platform: string;
  /** The Connect endpoint: events of the connected accounts (account.updated). */
  connect: string;
}

/** The SDK's `host`, `port` and `protocol` for an API base other than Stripe's own (the local stand-in's). */
function apiBaseSettings(apiBase: string | undefined) {
  if (!apiBase) return {};
  const { protocol, hostname, port } = new URL(apiBase);
  const scheme = protocol === 'http:' ? 'http' : 'https';
  return { protocol: scheme, host: hostname, port: Number(port) || (scheme === 'http' ? 80 : 443) } as const;
}

/**
 * Stripe Connect with Express accounts: Stripe hosts onboarding and the mentor's dashboard.
 * `apiBase` points the SDK elsewhere than api.stripe.com: the local stand-in of Stripe's API.
 */
export function stripePayments(secretKey: string, webhookSecrets: WebhookSecrets, apiBase?: string): Payments {
  // The SDK loads with the first call that needs it: a free booking or a cancellation before payment never does.
  const sdk = onFirstUse(async () => {
    const { default: Stripe } = await import('stripe');
    return new Stripe(secretKey, { ...STRIPE_CLIENT_SETTINGS, ...apiBaseSettings(apiBase) });
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
          // Cards only: a delayed method (bank debit) would confirm a session before its money is sure.
          // (`payment_method_types` on API versions before 2026-09-30, which removed it for this filter.)
          allowed_payment_method_types: ['card'],
          payment_intent_data: {
            // Separate charges and transfers: the charge stays on the platform until the session is delivered.
            transfer_group: request.sessionId,
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

    async createSubscriptionCheckout(request) {
      const stripe = await sdk();
      const checkout = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [
            {
              quantity: 1,
              // A price of its own per plan subscription: a coach's later change of the plan does not move it.
              price_data: {
                currency: 'usd',
                unit_amount: request.amountCents,
                recurring: { interval: 'month' },
                product_data: { name: request.description },
              },
            },
          ],
          allowed_payment_method_types: ['card'],
          // On the subscription, so every invoice's and subscription event names our subscription.
          subscription_data: { metadata: { subscriptionId: request.subscriptionId } },
          metadata: { subscriptionId: request.subscriptionId },
          client_reference_id: request.subscriptionId,
          customer_email: request.customerEmail,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `subscription-checkout-${request.subscriptionId}` },
      );
      if (!checkout.url) throw new Error(`Stripe returned checkout ${checkout.id} without a URL`);
      return { checkoutId: checkout.id, url: checkout.url };
    },

    async cancelSubscriptionAtPeriodEnd(stripeSubscriptionId) {
      const stripe = await sdk();
      await stripe.subscriptions.update(stripeSubscriptionId, { cancel_at_period_end: true });
    },

    async invoicePayment(invoiceId) {
      const stripe = await sdk();
      const listing = await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 });
      const intent = listing.data[0]?.payment.payment_intent;
      const paymentIntentId = typeof intent === 'string' ? intent : intent?.id;
      if (!paymentIntentId) throw new Error(`Invoice ${invoiceId} has no paid PaymentIntent`);
      return this.capturedPayment(paymentIntentId);
    },

    async refundInvoicePart(invoiceId, amountCents, refundKey) {
      const stripe = await sdk();
      const { paymentIntentId } = await this.invoicePayment(invoiceId);
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents, metadata: { invoiceId } },
        { idempotencyKey: refundKey },
      );
      return refund.id;
    },

    async checkoutState(checkoutId) {
      const stripe = await sdk();
      const checkout = await stripe.checkout.sessions.retrieve(checkoutId);
      const paymentIntentId =
        typeof checkout.payment_intent === 'string' ? checkout.payment_intent : (checkout.payment_intent?.id ?? null);
      const facts = { paymentIntentId, amountCents: checkout.amount_total ?? 0, livemode: checkout.livemode };
      if (checkout.payment_status === 'paid') return { status: 'paid', ...facts };
      return { status: checkout.status === 'expired' ? 'expired' : 'open', ...facts };
    },

    async expireCheckout(checkoutId) {
      const stripe = await sdk();
      const checkout = await stripe.checkout.sessions.retrieve(checkoutId);
      if (checkout.status === 'open') await stripe.checkout.sessions.expire(checkoutId);
    },

    async refund(paymentIntentId, sessionId, tryNumber, amountCents) {
      const stripe = await sdk();
      // The money never left the platform (it is transferred after delivery): nothing to reverse.
      // The amount is the session's own refund: all of it, or support's part of a split.
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents },
        { idempotencyKey: keyOfTry(`refund-${sessionId}`, tryNumber) },
      );
      return refund.id;
    },

    async capturedPayment(paymentIntentId) {
      const stripe = await sdk();
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {
        expand: ['latest_charge.balance_transaction'],
      });
      const charge = intent.latest_charge;
      if (!charge || typeof charge === 'string') throw new Error(`PaymentIntent ${paymentIntentId} has no charge`);
      const balance = charge.balance_transaction;
      return {
        paymentIntentId,
        chargeId: charge.id,
        amountCents: charge.amount,
        processingFeeCents: balance && typeof balance !== 'string' ? balance.fee : 0,
        currency: charge.currency,
      };
    },

    async chargeRefund(chargeId, amountCents) {
      const stripe = await sdk();
      // Since API version 2022-11-15 a charge (and so `charge.refunded`) no longer carries its refunds;
      // Stripe recommends listing them rather than expanding them. Newest first.
      const listing = await stripe.refunds.list({ charge: chargeId, limit: 100 });
      return (listing.data.find((refund) => refund.amount === amountCents) ?? listing.data[0])?.id ?? null;
    },

    async refundProcessingFee(refundId) {
      const stripe = await sdk();
      const refund = await stripe.refunds.retrieve(refundId, { expand: ['balance_transaction'] });
      const balance = refund.balance_transaction;
      // A refund's balance transaction books the fee Stripe gives back as a negative fee.
      return balance && typeof balance !== 'string' ? balance.fee : 0;
    },

    async createTransfer(request) {
      const stripe = await sdk();
      // Stripe keeps an idempotency key for 24 hours; a retry days later (an owed transfer) finds the transfer by its group.
      const earlier = await stripe.transfers.list({ transfer_group: request.sessionId, limit: 1 });
      if (earlier.data[0]) return { result: 'transferred', transferId: earlier.data[0].id };
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            destination: request.destinationAccountId,
            source_transaction: request.sourceChargeId,
            transfer_group: request.sessionId,
            metadata: { sessionId: request.sessionId },
          },
          { idempotencyKey: keyOfTry(`transfer-${request.sessionId}`, request.attempt) },
        );
        return { result: 'transferred', transferId: transfer.id };
      } catch (error) {
        const refusal = accountRefusal(error);
        if (refusal) return { result: 'account_cannot_receive', reason: refusal };
        throw error;
      }
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
        // Reversals are rare: each one's transfer is asked for the charge that funded it.
        const reversed = reversedTransferOf(transaction);
        const funding = reversed ? (await stripe.transfers.retrieve(reversed)).source_transaction : null;
        const movement = toBalanceTransaction(
          transaction,
          typeof funding === 'string' ? funding : (funding?.id ?? null),
        );
        if (movement) found.push(movement);
      }
      return found;
    },

    verifyWebhook: async (rawBody, signature) =>
      (await events()).verifyStripeEvent(rawBody, signature, [webhookSecrets.platform, webhookSecrets.connect]),
  };
}

/**
 * A call's idempotency key for its n-th try: Stripe keeps the answer of a key (a refusal too) for a
 * day, so each try after a failure needs its own, and the first keeps the plain name.
 */
const keyOfTry = (name: string, tryNumber: number) => (tryNumber === 1 ? name : `${name}-${tryNumber}`);

/** Stripe's codes for a destination that cannot take a transfer now; anything else is a failure to retry. */
const ACCOUNT_REFUSALS = new Set(['insufficient_capabilities_for_transfer', 'account_invalid', 'payouts_not_allowed']);

function accountRefusal(error: unknown): string | null {
  const { type, code, message } = (error ?? {}) as { type?: string; code?: string; message?: string };
  return type === 'StripeInvalidRequestError' && code && ACCOUNT_REFUSALS.has(code) ? `${code}: ${message}` : null;
}

/**
 * Every call that goes to the provider ends within PAYMENTS_CALL_BUDGET_MS, retries included, so a
 * provider (or stand-in) that hangs turns into a 503 and never into the function's timeout; and
 * each is timed as a `Stripe` dependency call named after the method.
 */
export function withinPaymentsBudget(payments: Payments): Payments {
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
  return wrapped;
}
