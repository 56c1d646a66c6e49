import Stripe from 'stripe';
import type { AccountStatus } from '../domain/payment-account';
import { localPaymentsFromEnvironment } from './local-payments';
import { type PaymentEvent, verifyStripeEvent } from './stripe-events';

/** The payment provider's connected accounts (mentors being paid) and its signed events. */
export interface Payments {
  /** Answers with the same account when asked again for the same user, so a double click makes one account. */
  createConnectedAccount(owner: { userId: string; email: string }): Promise<string>;
  /** A single-use link to the provider's onboarding (identity and bank verification). */
  onboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<string>;
  /** A single-use link into the provider's dashboard for the account's owner. */
  dashboardLink(accountId: string): Promise<string>;
  accountStatus(accountId: string): Promise<AccountStatus>;
  /** Throws DomainError VALIDATION_FAILED when the signature is missing or does not match the raw body. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): PaymentEvent;
}

/** Stripe Connect with Express accounts: Stripe hosts onboarding and the mentor's dashboard. */
export function stripePayments(secretKey: string, webhookSecret: string): Payments {
  const stripe = new Stripe(secretKey);
  return {
    async createConnectedAccount({ userId, email }) {
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
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },

    async dashboardLink(accountId) {
      return (await stripe.accounts.createLoginLink(accountId)).url;
    },

    async accountStatus(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return {
        chargesEnabled: account.charges_enabled ?? false,
        payoutsEnabled: account.payouts_enabled ?? false,
        detailsSubmitted: account.details_submitted ?? false,
      };
    },

    verifyWebhook: (rawBody, signature) => verifyStripeEvent(rawBody, signature, webhookSecret),
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
