import { DELETED_USER_NAME } from '../domain/account-deletion';
import { deleteItem, queryAll, updateIf } from './dynamo';
import { keys } from './keys';

/** Deletes at most this many items at once: a user's partition holds tens to a few hundred. */
const DELETES_AT_ONCE = 25;

/**
 * Removes every item of the user's own partition: the profile (and with it the directory entry and
 * the badge), availability, Zoom, Calendly and calendar tokens, NPI checks, quotas, claims on their
 * time, their side of conversations. Keys come from the Query itself, so nothing is missed that a
 * list of item kinds would forget. Sessions, ledger entries and ratings live elsewhere and stay.
 */
export async function deleteUserPartition(userId: string): Promise<number> {
  const items = await queryAll<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId) },
    ProjectionExpression: 'pk, sk',
    ConsistentRead: true,
  });
  for (let index = 0; index < items.length; index += DELETES_AT_ONCE) {
    await Promise.all(items.slice(index, index + DELETES_AT_ONCE).map(({ pk, sk }) => deleteItem({ pk, sk })));
  }
  return items.length;
}

/** A rating the deleted mentee wrote keeps its stars and text (the coach's average stays exact) but no longer names them. */
export async function anonymiseRating(sessionId: string): Promise<void> {
  await updateIf(keys.rating(sessionId), {
    UpdateExpression: 'SET reviewerName = :deleted',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':deleted': DELETED_USER_NAME },
  });
}

/**
 * The person signed in, so their sign-up was confirmed: the profile loses the expiry that would
 * remove an unconfirmed sign-up (domain/profile.ts). Written once, only while the expiry is there.
 */
export async function keepConfirmedProfile(userId: string): Promise<void> {
  await updateIf(keys.profile(userId), {
    UpdateExpression: 'REMOVE expiresAt',
    ConditionExpression: 'attribute_exists(expiresAt)',
  });
}
