import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/** Runs a conditional write; false when its condition did not hold (the transition already happened or never applies). */
async function applyIfStill(update: UpdateCommand): Promise<boolean> {
  try {
    await db().send(update);
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** A payment left pending past its deadline: cancelled, once, whether the schedule or the provider's event comes first. */
export function expirePendingSession(sessionId: string, now: Date): Promise<boolean> {
  return applyIfStill(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.session(sessionId),
      UpdateExpression: 'SET #status = :cancelled, cancellationReason = :reason, updatedAt = :now',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':cancelled': 'cancelled',
        ':pending': 'pending_payment',
        ':reason': 'Payment session expired',
        ':now': now.toISOString(),
      },
    }),
  );
}

/** A held session whose end has passed becomes completed; earlier calls and other statuses are no-ops. */
export function completeEndedSession(sessionId: string, now: Date): Promise<boolean> {
  return applyIfStill(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.session(sessionId),
      UpdateExpression: 'SET #status = :completed, updatedAt = :now',
      ConditionExpression: '#status IN (:scheduled, :confirmed) AND #end <= :now',
      ExpressionAttributeNames: { '#status': 'status', '#end': 'end' },
      ExpressionAttributeValues: {
        ':completed': 'completed',
        ':scheduled': 'scheduled',
        ':confirmed': 'confirmed',
        ':now': now.toISOString(),
      },
    }),
  );
}
