import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { bookingOpensConversation } from '../domain/messages';
import { db, tableName } from './client';
import { keys } from './keys';
import type { SessionItem } from './session-item';
import { tableSchema } from './table-schema';

type BookingFacts = Pick<SessionItem, 'status' | 'cancelledBy' | 'cancellationReason'>;

/** Whether `menteeId` ever booked `coachId` in a way that opens a conversation (its gsi2 partition). */
async function hasOpeningBooking(menteeId: string, coachId: string): Promise<boolean> {
  const index = tableSchema.indexes.byParty;
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.name,
        KeyConditionExpression: '#pk = :partition',
        FilterExpression: 'coachId = :coach',
        ProjectionExpression: '#status, cancelledBy, cancellationReason',
        ExpressionAttributeNames: { '#pk': index.partitionKey, '#status': 'status' },
        ExpressionAttributeValues: { ':partition': keys.menteeSessionsPartition(menteeId), ':coach': coachId },
        ExclusiveStartKey: startKey,
      }),
    );
    if (((page.Items ?? []) as BookingFacts[]).some(bookingOpensConversation)) return true;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return false;
}

/**
 * Whether two users are a mentee and their mentor, which is what lets them message each other: a
 * booking between them, either way round, that is not a pending payment. Asked only before their
 * conversation exists; once it does, it stays open. (Mentorship plans will be a second way in.)
 */
export async function haveMentoringRelationship(userA: string, userB: string): Promise<boolean> {
  if (userA === userB) return false;
  const [aBookedB, bBookedA] = await Promise.all([hasOpeningBooking(userA, userB), hasOpeningBooking(userB, userA)]);
  return aBookedB || bBookedA;
}
