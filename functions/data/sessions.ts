import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isoSeconds } from '../domain/instants';
import { db, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query-all';
import { tableSchema } from './table-schema';

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

/** Longest session there can be (an external-calendar booking), so a busy search reaches back far enough. */
const LONGEST_SESSION_MS = 8 * 60 * 60 * 1000;

interface SessionTimes {
  start: string;
  end: string;
  status: string;
  paymentExpiresAt?: string;
}

/**
 * The coach's time already taken in [from, to): every session not cancelled, including pending
 * payments until their deadline passes (the expiry job may not have run yet).
 */
export async function busyIntervalsOfCoach(coachId: string, from: Date, to: Date, now: Date) {
  const { name, partitionKey, sortKey } = tableSchema.indexes.byOwner;
  // Sort keys are `<start ISO, whole seconds>#<id>`; '~' sorts after every id character.
  const sessions = await queryAll<SessionTimes>({
    IndexName: name,
    KeyConditionExpression: '#pk = :coach AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: {
      '#pk': partitionKey,
      '#sk': sortKey,
      '#start': 'start',
      '#end': 'end',
      '#status': 'status',
    },
    ExpressionAttributeValues: {
      ':coach': keys.coachSessionsPartition(coachId),
      ':from': isoSeconds(new Date(from.getTime() - LONGEST_SESSION_MS)),
      ':to': `${isoSeconds(to)}~`,
    },
    ProjectionExpression: '#start, #end, #status, paymentExpiresAt',
  });
  const nowIso = now.toISOString();
  return sessions
    .filter((s) => s.status !== 'cancelled')
    .filter((s) => s.status !== 'pending_payment' || !s.paymentExpiresAt || s.paymentExpiresAt > nowIso)
    .map(({ start, end }) => ({ start, end }));
}
