import { batchGet, getItem } from './dynamo';
import { keys } from './keys';
import type { ProfileItem } from '../domain/profile-item';
import type { RatingItem } from '../domain/rating-item';
import type { SessionItem } from '../domain/session-item';

export async function ratingOfSession(sessionId: string): Promise<RatingItem | null> {
  return getItem<RatingItem>(keys.rating(sessionId));
}

type Row = Record<string, unknown> & { pk: string; sk: string };

/**
 * What a page of the dashboard shows beside its sessions, in one BatchGetItem: the other party's
 * profile of each session and each session's rating.
 */
export async function counterpartsAndRatings(sessions: readonly SessionItem[], viewerId: string) {
  const otherIds = [...new Set(sessions.map((s) => (s.coachId === viewerId ? s.menteeId : s.coachId)))];
  const rows = await batchGet<Row>([...otherIds.map(keys.profile), ...sessions.map((s) => keys.rating(s.id))]);
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
  const rows = await batchGet<Row>([...new Set(userIds)].map(keys.profile));
  return new Map(rows.map((row) => [keys.userIdOf(row.pk), row as unknown as ProfileItem]));
}
