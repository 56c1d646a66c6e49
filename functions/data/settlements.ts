import { isoSeconds } from '../domain/instants';
import { queryAll, updateIf } from './dynamo';
import { keys } from './keys';
import { tableSchema } from './table-schema';

/**
 * The ids of the sessions in the sparse settlement index that ended before `before`, earliest end
 * first: every session booked since the index exists whose money the sweep has not yet seen settled.
 * A sweep reads only these, never the table.
 */
export async function openSettlementsEndedBefore(before: Date): Promise<string[]> {
  const { name, partitionKey, sortKey } = tableSchema.indexes.settlement;
  const entries = await queryAll<Record<string, string>>({
    IndexName: name,
    KeyConditionExpression: '#pk = :open AND #sk < :before',
    ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey },
    ExpressionAttributeValues: { ':open': keys.openSettlementsPartition, ':before': isoSeconds(before) },
  });
  return entries.map((entry) => keys.sessionOfOpenSettlement(entry[sortKey] as string));
}

/** The sweep found the session's money settled for good: it leaves the settlement index. */
export async function closeSettlement(sessionId: string): Promise<void> {
  await updateIf(keys.session(sessionId), {
    UpdateExpression: 'REMOVE #pk, #sk',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: {
      '#pk': tableSchema.indexes.settlement.partitionKey,
      '#sk': tableSchema.indexes.settlement.sortKey,
    },
  });
}
