import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import type { ProfileItem } from '../domain/profile-item';
import type { RatingItem } from '../domain/rating-item';
import type { SessionItem } from '../domain/session-item';

export async function ratingOfSession(sessionId: string): Promise<RatingItem | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.rating(sessionId) }));
  return (Item as RatingItem | undefined) ?? null;
}

/** DynamoDB's BatchGetItem limit. */
const BATCH_SIZE = 100;

type Row = Record<string, unknown> & { pk: string; sk: string };

/** Every item of these keys that exists, in no particular order, in BatchGetItem's chunks. */
export async function batchGet(itemKeys: readonly { pk: string; sk: string }[]): Promise<Row[]> {
  const found: Row[] = [];
  for (let index = 0; index < itemKeys.length; index += BATCH_SIZE) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [tableName()]: { Keys: itemKeys.slice(index, index + BATCH_SIZE) },
    };
    while (request && Object.keys(request).length > 0) {
      const page = await db().send(new BatchGetCommand({ RequestItems: request }));
      found.push(...((page.Responses?.[tableName()] ?? []) as Row[]));
      request = page.UnprocessedKeys as typeof request;
    }
  }
  return found;
}

/**
 * What a page of the dashboard shows beside its sessions, in one BatchGetItem: the other party's
 * profile of each session and each session's rating.
 */
export async function counterpartsAndRatings(sessions: readonly SessionItem[], viewerId: string) {
  const otherIds = [...new Set(sessions.map((s) => (s.coachId === viewerId ? s.menteeId : s.coachId)))];
  const rows = await batchGet([...otherIds.map(keys.profile), ...sessions.map((s) => keys.rating(s.id))]);
  const profiles = new Map<string, ProfileItem>();
  const ratings = new Map<string, RatingItem>();
  for (const row of rows) {
    if (row.sk === keys.rating('').sk)
      ratings.set((row as unknown as RatingItem).sessionId, row as unknown as RatingItem);
    else profiles.set(keys.userIdOf(row.pk), row as unknown as ProfileItem);
  }
  return { profiles, ratings };
}

/** Profiles by user id, in BatchGetItem calls (finance names each entry's coach). */
export async function profilesById(userIds: readonly string[]): Promise<Map<string, ProfileItem>> {
  const rows = await batchGet([...new Set(userIds)].map(keys.profile));
  return new Map(rows.map((row) => [keys.userIdOf(row.pk), row as unknown as ProfileItem]));
}
