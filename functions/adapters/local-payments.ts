import { createHash, randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../data/client';
import { keys } from '../data/keys';
import type { AccountStatus } from '../domain/payment-account';
import type { CheckoutRequest, CheckoutState, Payments } from './payments';

/** The Stripe SDK loads with these helpers, so only the paths that sign or verify an event load it. */
const stripeEvents = () => import('./stripe-events');

export interface LocalAccount extends AccountStatus {
  accountId: string;
  email: string;
  createdAt: string;
}

/** `expiresAt` is the table's TTL attribute, so the checkout's own deadline is kept as `payBy`. */
export interface LocalCheckout extends Omit<CheckoutRequest, 'expiresAt'> {
  payBy: string;
  checkoutId: string;
  paymentIntentId: string;
  status: CheckoutState['status'];
  refundId?: string;
  /** How many refunds were asked for; the first one refunds, the others answer with it. */
  refundRequests?: number;
}

interface SignedEvent {
  body: string;
  signature: string;
}

/** The stand-in, plus what its onboarding and checkout pages (bin/local/stripe-standin.ts) need. */
export interface LocalPayments extends Payments {
  findAccount(accountId: string): Promise<LocalAccount | null>;
  /** What finishing onboarding at Stripe does: the account may take cards, be paid out, and has its details. */
  completeOnboarding(accountId: string): Promise<void>;
  /** The `account.updated` event Stripe would send now, signed as Stripe signs it. */
  signedAccountUpdated(accountId: string): Promise<SignedEvent>;
  findCheckout(checkoutId: string): Promise<LocalCheckout | null>;
  /**
   * Pays or lets an open checkout lapse, as the customer (or Stripe's clock) would, and answers
   * with the `checkout.session.completed` / `.expired` event Stripe would send; null if it was not open.
   */
  settleCheckout(checkoutId: string, outcome: 'paid' | 'expired'): Promise<SignedEvent | null>;
}

/** Stripe's idempotency keys give one object per key; the stand-in gets the same by deriving ids from the key. */
const derivedId = (prefix: string, key: string) =>
  `${prefix}_local_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
const localAccountId = (userId: string) => derivedId('acct', userId);

/**
 * Stripe Connect without Stripe, for the local stack: accounts live in the table under their own
 * keys, onboarding and the dashboard are local pages, and events are signed and verified with
 * Stripe's real scheme, so the webhook handler runs exactly the code it runs in production.
 */
export function localPayments(options: { siteOrigin: string; webhookSecret: string }): LocalPayments {
  const standInPage = (page: string, query: Record<string, string>) =>
    `${options.siteOrigin}/_local/stripe/${page}?${new URLSearchParams(query)}`;

  const findAccount = async (accountId: string) => {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.localStripeAccount(accountId), ConsistentRead: true }),
    );
    return (Item as LocalAccount | undefined) ?? null;
  };

  const existingAccount = async (accountId: string) => {
    const account = await findAccount(accountId);
    if (!account) throw new Error(`The local Stripe stand-in has no account ${accountId}`);
    return account;
  };

  return {
    async createConnectedAccount({ userId, email }) {
      const account: LocalAccount = {
        accountId: localAccountId(userId),
        email,
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: false,
        createdAt: new Date().toISOString(),
      };
      try {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...keys.localStripeAccount(account.accountId), ...account },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
      return account.accountId;
    },

    async onboardingLink(accountId, returnUrl, refreshUrl) {
      await existingAccount(accountId);
      return standInPage('onboarding', { account: accountId, return: returnUrl, refresh: refreshUrl });
    },

    async dashboardLink(accountId) {
      await existingAccount(accountId);
      return standInPage('dashboard', { account: accountId });
    },

    async accountStatus(accountId) {
      const { chargesEnabled, payoutsEnabled, detailsSubmitted } = await existingAccount(accountId);
      return { chargesEnabled, payoutsEnabled, detailsSubmitted };
    },

    verifyWebhook: async (rawBody, signature) =>
      (await stripeEvents()).verifyStripeEvent(rawBody, signature, options.webhookSecret),

    findAccount,

    async completeOnboarding(accountId) {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.localStripeAccount(accountId),
          UpdateExpression: 'SET chargesEnabled = :true, payoutsEnabled = :true, detailsSubmitted = :true',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':true': true },
        }),
      );
    },

    async signedAccountUpdated(accountId) {
      const account = await existingAccount(accountId);
      return signedEvent('account.updated', {
        id: accountId,
        object: 'account',
        type: 'express',
        email: account.email,
        charges_enabled: account.chargesEnabled,
        payouts_enabled: account.payoutsEnabled,
        details_submitted: account.detailsSubmitted,
      });
    },

    async createCheckout(request) {
      const checkoutId = derivedId('cs', request.sessionId);
      const { expiresAt, ...rest } = request;
      const checkout: LocalCheckout = {
        ...rest,
        payBy: expiresAt.toISOString(),
        checkoutId,
        paymentIntentId: derivedId('pi', request.sessionId),
        status: 'open',
      };
      try {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...keys.localStripeCheckout(checkoutId), ...checkout },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
      return { checkoutId, url: standInPage('checkout', { id: checkoutId }) };
    },

    async checkoutState(checkoutId) {
      const checkout = await findCheckout(checkoutId);
      if (!checkout) throw new Error(`The local Stripe stand-in has no checkout ${checkoutId}`);
      return { status: checkout.status, paymentIntentId: checkout.status === 'paid' ? checkout.paymentIntentId : null };
    },

    async expireCheckout(checkoutId) {
      await transitionCheckout(checkoutId, 'expired');
    },

    async refund(paymentIntentId, sessionId) {
      const checkoutId = derivedId('cs', sessionId);
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.localStripeCheckout(checkoutId),
          UpdateExpression: 'SET refundId = if_not_exists(refundId, :refund) ADD refundRequests :one',
          ConditionExpression: '#status = :paid AND paymentIntentId = :intent',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':refund': derivedId('re', sessionId),
            ':one': 1,
            ':paid': 'paid',
            ':intent': paymentIntentId,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes?.refundId as string;
    },

    findCheckout,

    async settleCheckout(checkoutId, outcome) {
      if (!(await transitionCheckout(checkoutId, outcome))) return null;
      const checkout = (await findCheckout(checkoutId)) as LocalCheckout;
      return signedEvent(outcome === 'paid' ? 'checkout.session.completed' : 'checkout.session.expired', {
        id: checkout.checkoutId,
        object: 'checkout.session',
        status: outcome === 'paid' ? 'complete' : 'expired',
        payment_status: outcome === 'paid' ? 'paid' : 'unpaid',
        payment_intent: outcome === 'paid' ? checkout.paymentIntentId : null,
        amount_total: checkout.amountCents,
        metadata: { sessionId: checkout.sessionId },
      });
    },
  };

  async function findCheckout(checkoutId: string) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.localStripeCheckout(checkoutId), ConsistentRead: true }),
    );
    return (Item as LocalCheckout | undefined) ?? null;
  }

  /** Only an open checkout moves; false when it was already paid or expired. */
  async function transitionCheckout(checkoutId: string, status: 'paid' | 'expired'): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.localStripeCheckout(checkoutId),
          UpdateExpression: 'SET #status = :status',
          ConditionExpression: '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ':open': 'open' },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async function signedEvent(type: string, object: Record<string, unknown>): Promise<SignedEvent> {
    const event = {
      id: `evt_local_${randomBytes(12).toString('hex')}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object },
    };
    return (await stripeEvents()).signStripeEvent(event, options.webhookSecret);
  }
}

/** The stand-in when the local stack enabled it (it sets LOCAL_STRIPE_WEBHOOK_SECRET), else null. */
export function localPaymentsFromEnvironment(): LocalPayments | null {
  const { LOCAL_STRIPE_WEBHOOK_SECRET, SITE_ORIGIN } = process.env;
  if (!LOCAL_STRIPE_WEBHOOK_SECRET) return null;
  if (!SITE_ORIGIN) throw new Error('SITE_ORIGIN is not set');
  return localPayments({ siteOrigin: SITE_ORIGIN, webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET });
}
