import { createHash, randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../data/client';
import { keys } from '../data/keys';
import type { AccountStatus } from '../domain/payment-account';
import type { Payments } from './payments';
import { signStripeEvent, verifyStripeEvent } from './stripe-events';

export interface LocalAccount extends AccountStatus {
  accountId: string;
  email: string;
  createdAt: string;
}

/** The stand-in, plus what its onboarding page (bin/local/stripe-standin.ts) needs. */
export interface LocalPayments extends Payments {
  findAccount(accountId: string): Promise<LocalAccount | null>;
  /** What finishing onboarding at Stripe does: the account may take cards, be paid out, and has its details. */
  completeOnboarding(accountId: string): Promise<void>;
  /** The `account.updated` event Stripe would send now, signed as Stripe signs it. */
  signedAccountUpdated(accountId: string): Promise<{ body: string; signature: string }>;
}

/** Stripe's idempotency key gives a user one account; the stand-in gets the same by deriving the id from the user. */
const localAccountId = (userId: string) =>
  `acct_local_${createHash('sha256').update(userId).digest('hex').slice(0, 16)}`;

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

    verifyWebhook: (rawBody, signature) => verifyStripeEvent(rawBody, signature, options.webhookSecret),

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
      const event = {
        id: `evt_local_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type: 'account.updated',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        account: accountId,
        data: {
          object: {
            id: accountId,
            object: 'account',
            type: 'express',
            email: account.email,
            charges_enabled: account.chargesEnabled,
            payouts_enabled: account.payoutsEnabled,
            details_submitted: account.detailsSubmitted,
          },
        },
      };
      return signStripeEvent(event, options.webhookSecret);
    },
  };
}

/** The stand-in when the local stack enabled it (it sets LOCAL_STRIPE_WEBHOOK_SECRET), else null. */
export function localPaymentsFromEnvironment(): LocalPayments | null {
  const { LOCAL_STRIPE_WEBHOOK_SECRET, SITE_ORIGIN } = process.env;
  if (!LOCAL_STRIPE_WEBHOOK_SECRET) return null;
  if (!SITE_ORIGIN) throw new Error('SITE_ORIGIN is not set');
  return localPayments({ siteOrigin: SITE_ORIGIN, webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET });
}
