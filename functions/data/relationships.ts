import { bookingOpensConversation } from '../domain/messages';
import { pages } from './dynamo';
import { keys } from './keys';
import type { SessionItem } from '../domain/session-item';
import { tableSchema } from './table-schema';

type BookingFacts = Pick<SessionItem, 'status' | 'cancelledBy' | 'cancellationReason'>;

/** Whether some item of a mentee's gsi2 partition with this coach passes `opens` (read page by page, filtered on the coach). */
async function someWithCoach<Item>(
  partition: string,
  coachId: string,
  projection: { expression: string; names?: Record<string, string>; filter?: string; values?: Record<string, unknown> },
  opens: (item: Item) => boolean,
): Promise<boolean> {
  const index = tableSchema.indexes.byParty;
  for await (const page of pages({
    IndexName: index.name,
    KeyConditionExpression: '#pk = :partition',
    FilterExpression: `coachId = :coach${projection.filter ? ` AND ${projection.filter}` : ''}`,
    ProjectionExpression: projection.expression,
    ExpressionAttributeNames: { '#pk': index.partitionKey, ...projection.names },
    ExpressionAttributeValues: { ':partition': partition, ':coach': coachId, ...projection.values },
  })) {
    if (((page.Items ?? []) as Item[]).some(opens)) return true;
  }
  return false;
}

/** Whether `menteeId` ever booked `coachId` in a way that opens a conversation (its gsi2 partition). */
const hasOpeningBooking = (menteeId: string, coachId: string) =>
  someWithCoach<BookingFacts>(
    keys.menteeSessionsPartition(menteeId),
    coachId,
    { expression: '#status, cancelledBy, cancellationReason', names: { '#status': 'status' } },
    bookingOpensConversation,
  );

/** Whether `menteeId` ever paid for a plan of `coachId`: its first paid invoice granted credits. */
const hasPaidPlan = (menteeId: string, coachId: string) =>
  someWithCoach<{ id: string }>(
    keys.menteePlansPartition(menteeId),
    coachId,
    { expression: 'id', filter: 'attribute_type(credits, :map)', values: { ':map': 'M' } },
    () => true,
  );

/**
 * Whether two users are a mentee and their mentor, which is what lets them message each other: a
 * booking between them, either way round, that is not a pending payment, or a plan paid for.
 * Asked only before their conversation exists; once it does, it stays open.
 */
export async function haveMentoringRelationship(userA: string, userB: string): Promise<boolean> {
  if (userA === userB) return false;
  const found = await Promise.all([
    hasOpeningBooking(userA, userB),
    hasOpeningBooking(userB, userA),
    hasPaidPlan(userA, userB),
    hasPaidPlan(userB, userA),
  ]);
  return found.some(Boolean);
}
