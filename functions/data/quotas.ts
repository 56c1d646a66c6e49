import { DAILY_QUOTAS, type QuotaKind, quotaDay, quotaExceeded } from '../domain/quotas';
import { type TableWrite, updateIf, updateItem } from './dynamo';
import { keys } from './keys';

/** A day's counter outlives its day by this much, then goes by TTL. */
const KEEP_SECONDS = 2 * 24 * 60 * 60;

/** The conditional update that counts one use of the user's daily quota: refused once the day's uses are spent. */
function quotaUse(userId: string, kind: QuotaKind, now: Date) {
  return {
    Key: keys.dailyQuota(userId, kind, quotaDay(now)),
    UpdateExpression: 'ADD #uses :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
    ConditionExpression: 'attribute_not_exists(#uses) OR #uses < :limit',
    ExpressionAttributeNames: { '#uses': 'uses' },
    ExpressionAttributeValues: {
      ':one': 1,
      ':limit': DAILY_QUOTAS[kind],
      ':expiresAt': Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
    },
  };
}

/** One use of the quota as a write of the transaction whose action it counts: spent only if the action is. */
export const dailyQuotaUse = (userId: string, kind: QuotaKind, now: Date): TableWrite => ({
  Update: quotaUse(userId, kind, now),
});

/**
 * Counts one use of the user's daily quota, or throws QUOTA_EXCEEDED when the day's uses are spent:
 * one conditional update, so concurrent requests cannot both take the last use.
 */
async function takeDailyQuota(userId: string, kind: QuotaKind, now: Date): Promise<void> {
  const { Key, ...update } = quotaUse(userId, kind, now);
  if ((await updateIf(Key, update)) === null) throw quotaExceeded(kind);
}

/** Gives back a use whose action failed (a slot taken, a session already cancelled): only what was done counts. */
export async function giveBackDailyQuota(userId: string, kind: QuotaKind, now: Date): Promise<void> {
  await updateItem(keys.dailyQuota(userId, kind, quotaDay(now)), {
    UpdateExpression: 'ADD #uses :minusOne',
    ConditionExpression: '#uses > :zero',
    ExpressionAttributeNames: { '#uses': 'uses' },
    ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
  });
}

/** Runs `action` on one use of the day's quota, given back if the action fails. */
export async function withinDailyQuota<T>(
  userId: string,
  kind: QuotaKind,
  now: Date,
  action: () => Promise<T>,
): Promise<T> {
  await takeDailyQuota(userId, kind, now);
  try {
    return await action();
  } catch (error) {
    await giveBackDailyQuota(userId, kind, now).catch(() => undefined);
    throw error;
  }
}
