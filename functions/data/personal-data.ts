import { queryIndexPartition } from './dynamo';
import { keys } from './keys';
import type { ProfileItem } from '../domain/profile-item';
import { getProfile } from './profiles';
import type { RatingItem } from '../domain/rating-item';
import type { SessionItem } from '../domain/session-item';
import { counterpartsAndRatings } from './session-ratings';
import { tableSchema } from './table-schema';

/**
 * What the table holds about one person: their profile and every session either side (pending
 * payments included), with each session's other party and rating.
 */
export interface PersonalData {
  profile: ProfileItem | null;
  sessions: SessionItem[];
  counterparts: ReadonlyMap<string, ProfileItem>;
  ratings: ReadonlyMap<string, RatingItem>;
}

/** Every session of the user either side (pending payments included), in start order. */
export async function sessionsOfUser(userId: string): Promise<SessionItem[]> {
  const [asCoach, asMentee] = await Promise.all([
    queryIndexPartition<SessionItem>(tableSchema.indexes.byOwner, keys.coachSessionsPartition(userId)),
    queryIndexPartition<SessionItem>(tableSchema.indexes.byParty, keys.menteeSessionsPartition(userId)),
  ]);
  return [...asCoach, ...asMentee].sort((a, b) => (a.start < b.start ? -1 : 1));
}

export async function personalDataOf(userId: string): Promise<PersonalData> {
  const [profile, sessions] = await Promise.all([getProfile(userId), sessionsOfUser(userId)]);
  const { profiles, ratings } = await counterpartsAndRatings(sessions, userId);
  return { profile, sessions, counterparts: profiles, ratings };
}
