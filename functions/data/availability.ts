import { randomUUID } from 'node:crypto';
import type { AvailabilityItem } from '../domain/availability-item';
import { deleteItem, getItem, isCancelledTransaction, isConditionFailure, queryAll, transact } from './dynamo';
import { keys } from './keys';

/** Every availability window of one coach. */
export function availabilityOfCoach(coachId: string): Promise<AvailabilityItem[]> {
  const { pk, skPrefix } = keys.availabilityPrefix(coachId);
  return queryAll<AvailabilityItem>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ConsistentRead: true,
  });
}

const MAX_ATTEMPTS = 5;

/**
 * Adds a window that `plan` checked against the coach's current windows. The check and the
 * write are tied by a per-coach version number the write must still find, so two overlapping
 * windows added at the same moment cannot both be stored: the loser re-reads and re-checks.
 */
export async function addAvailability(
  coachId: string,
  plan: (existing: AvailabilityItem[]) => Omit<AvailabilityItem, 'id' | 'coachId' | 'createdAt'>,
  now: Date,
): Promise<AvailabilityItem> {
  for (let attempt = 1; ; attempt++) {
    const versionKey = keys.availabilityVersion(coachId);
    // The version is read before the windows: a write that lands in between then fails our condition.
    const version = (await getItem<{ version: number }>(versionKey, { ConsistentRead: true }))?.version ?? 0;
    const existing = await availabilityOfCoach(coachId);
    const item: AvailabilityItem = { ...plan(existing), id: randomUUID(), coachId, createdAt: now.toISOString() };
    try {
      await transact([
        {
          Put: {
            Item: { ...versionKey, version: version + 1 },
            ConditionExpression: 'attribute_not_exists(pk) OR version = :seen',
            ExpressionAttributeValues: { ':seen': version },
          },
        },
        { Put: { Item: { ...item, ...keys.availability(coachId, item.id) } } },
      ]);
      return item;
    } catch (error) {
      if (!isCancelledTransaction(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** Removes one of the coach's own windows; false when there is no such window under this coach. */
export async function removeAvailability(coachId: string, availabilityId: string): Promise<boolean> {
  try {
    await deleteItem(keys.availability(coachId, availabilityId), { ConditionExpression: 'attribute_exists(pk)' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
