import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/** Every item a Query matches, following DynamoDB's 1 MB pages. */
export async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await db().send(new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey }));
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** Every item under one partition key of an index. */
export function queryIndexPartition<T>(index: { name: string; partitionKey: string }, partition: string): Promise<T[]> {
  return queryAll<T>({
    IndexName: index.name,
    KeyConditionExpression: '#pk = :partition',
    ExpressionAttributeNames: { '#pk': index.partitionKey },
    ExpressionAttributeValues: { ':partition': partition },
  });
}
