import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/** Stripe retries an event for up to 3 days; remembering it for 30 covers every redelivery. */
const REMEMBER_EVENT_SECONDS = 30 * 24 * 60 * 60;

/**
 * Runs `apply` for the first delivery of a provider event only. The event is claimed with a
 * conditional put before it is applied; when applying fails the claim is released, so the
 * provider's retry of that delivery is applied instead of being taken for a duplicate.
 */
export async function applyWebhookEventOnce(
  eventId: string,
  now: Date,
  apply: () => Promise<void>,
): Promise<'applied' | 'duplicate'> {
  const key = keys.processedWebhookEvent(eventId);
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          eventId,
          processedAt: now.toISOString(),
          expiresAt: Math.floor(now.getTime() / 1000) + REMEMBER_EVENT_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'duplicate';
    throw error;
  }
  try {
    await apply();
  } catch (error) {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
    throw error;
  }
  return 'applied';
}
