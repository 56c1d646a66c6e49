import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type AccountStatus, isOnboardingComplete } from '../domain/payment-account';
import { db, tableName } from './client';
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
      await db().send(attachTransaction(userId, accountId, now));
      return accountId;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const stored = await storedPaymentAccount(userId);
      if (stored) return stored;
      if (attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

const attachTransaction = (userId: string, accountId: string, now: Date) =>
  new TransactWriteCommand({
    TransactItems: [
      {
        Update: {
          TableName: tableName(),
          Key: keys.profile(userId),
          UpdateExpression: 'SET stripeAccountId = :account, updatedAt = :now',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(stripeAccountId) OR attribute_type(stripeAccountId, :null) OR stripeAccountId = :account)',
          ExpressionAttributeValues: { ':account': accountId, ':now': now.toISOString(), ':null': 'NULL' },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.paymentAccountOwner(accountId), accountId, userId, createdAt: now.toISOString() },
        },
      },
    ],
  });

async function storedPaymentAccount(userId: string): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.profile(userId),
      ProjectionExpression: 'stripeAccountId',
      ConsistentRead: true,
    }),
  );
  return (Item?.stripeAccountId as string | null | undefined) ?? null;
}

export async function paymentAccountOwner(accountId: string): Promise<string | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.paymentAccountOwner(accountId) }),
  );
  return (Item?.userId as string | undefined) ?? null;
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
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(userId),
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
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
