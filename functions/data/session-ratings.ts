import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import type { RatingItem } from './rating-item';

export async function ratingOfSession(sessionId: string): Promise<RatingItem | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.rating(sessionId) }));
  return (Item as RatingItem | undefined) ?? null;
}

/** DynamoDB's BatchGetItem limit. */
const BATCH_SIZE = 100;

/** The ratings of many sessions at once, by session id. */
export async function ratingsOfSessions(sessionIds: readonly string[]): Promise<Map<string, RatingItem>> {
  const found = new Map<string, RatingItem>();
  for (let index = 0; index < sessionIds.length; index += BATCH_SIZE) {
    let request: Record<string, { Keys: Record<string, string>[] }> | undefined = {
      [tableName()]: { Keys: sessionIds.slice(index, index + BATCH_SIZE).map((id) => keys.rating(id)) },
    };
    while (request && Object.keys(request).length > 0) {
      const page = await db().send(new BatchGetCommand({ RequestItems: request }));
      for (const item of (page.Responses?.[tableName()] ?? []) as RatingItem[]) found.set(item.sessionId, item);
      request = page.UnprocessedKeys as typeof request;
    }
  }
  return found;
}
