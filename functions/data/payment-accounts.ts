import { type AccountStatus, isOnboardingComplete } from '../domain/payment-account';
import { getItem, isCancelledTransaction, transact, updateIf } from './dynamo';
import { keys } from './keys';

/** Two first clicks can collide in a transaction conflict; the loser retries or finds the winner's account. */
const MAX_ATTEMPTS = 3;

/**
 * Stores the connected account on the profile unless the profile already has another one (a
 * concurrent first click won), together with the account → user lookup the provider's events
 * need. Answers with the account the profile holds afterwards.
 */
export async function attachPaymentAccount(userId: string, accountId: string, now: Date): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      await attach(userId, accountId, now);
      return accountId;
    } catch (error) {
      if (!isCancelledTransaction(error)) throw error;
      const stored = await storedPaymentAccount(userId);
      if (stored) return stored;
      if (attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

const attach = (userId: string, accountId: string, now: Date) =>
  transact([
    {
      Update: {
        Key: keys.profile(userId),
        UpdateExpression: 'SET stripeAccountId = :account, updatedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(stripeAccountId) OR attribute_type(stripeAccountId, :null) OR stripeAccountId = :account)',
        ExpressionAttributeValues: { ':account': accountId, ':now': now.toISOString(), ':null': 'NULL' },
      },
    },
    { Put: { Item: { ...keys.paymentAccountOwner(accountId), accountId, userId, createdAt: now.toISOString() } } },
  ]);

async function storedPaymentAccount(userId: string): Promise<string | null> {
  const profile = await getItem<{ stripeAccountId?: string | null }>(keys.profile(userId), {
    ProjectionExpression: 'stripeAccountId',
    ConsistentRead: true,
  });
  return profile?.stripeAccountId ?? null;
}

export async function paymentAccountOwner(accountId: string): Promise<string | null> {
  return (await getItem<{ userId: string }>(keys.paymentAccountOwner(accountId)))?.userId ?? null;
}

/**
 * Stores the provider's view of the account on its owner's profile, touching nothing else.
 * False when the profile no longer holds this account (or no longer exists), and then nothing is written.
 */
export async function savePaymentAccountStatus(
  userId: string,
  accountId: string,
  status: AccountStatus,
  now: Date,
): Promise<boolean> {
  const saved = await updateIf(keys.profile(userId), {
    UpdateExpression:
      'SET stripeOnboardingComplete = :complete, stripeChargesEnabled = :charges, stripePayoutsEnabled = :payouts, stripeDetailsSubmitted = :details, updatedAt = :now',
    ConditionExpression: 'stripeAccountId = :account',
    ExpressionAttributeValues: {
      ':complete': isOnboardingComplete(status),
      ':charges': status.chargesEnabled,
      ':payouts': status.payoutsEnabled,
      ':details': status.detailsSubmitted,
      ':account': accountId,
      ':now': now.toISOString(),
    },
  });
  return saved !== null;
}
