import { cardExcerpt } from '../domain/directory';
import { getItem } from './dynamo';
import { keys } from './keys';
import type { ProfileItem } from '../domain/profile-item';

/**
 * The stored row for a profile: its keys, plus the sparse directory keys exactly when the
 * profile is a published mentor, so publishing and unpublishing move it in and out of the index.
 */
export function profileRow(profile: ProfileItem) {
  const listed = profile.published && profile.userType === 'mentor';
  return {
    ...profile,
    ...keys.profile(profile.userId),
    ...keys.nameEntry(profile),
    ...(listed ? keys.directoryEntry(profile) : {}),
    ...(profile.verification ? keys.verifiedMentor(profile.userId) : {}),
    ...(profile.plan?.active ? keys.planMentor(profile.userId) : {}),
    ...cardExcerpts(profile),
  };
}

/**
 * The bios as the directory card shows them, stored beside the bios for the directory index to
 * project instead of them; each is written in the same write as its bio.
 */
export const cardExcerpts = (profile: Pick<ProfileItem, 'bio' | 'coachBio'>) => ({
  bioExcerpt: cardExcerpt(profile.bio) ?? undefined,
  coachBioExcerpt: cardExcerpt(profile.coachBio) ?? undefined,
});

/** The row attributes only the indexes read: the directory's, gsi1's partition of verified mentors, gsi2's of plans, the names'. */
export const INDEX_ONLY_ATTRIBUTES = [
  'dirpk',
  'dirsk',
  'bioExcerpt',
  'coachBioExcerpt',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'supportpk',
  'supportsk',
] as const;

export async function getProfile(userId: string): Promise<ProfileItem | null> {
  return getItem<ProfileItem>(keys.profile(userId));
}

/** Whether support has the user suspended: one small read, made for every signed-in request. */
export async function isSuspended(userId: string): Promise<boolean> {
  const item = await getItem<Pick<ProfileItem, 'suspendedAt'>>(keys.profile(userId), {
    ProjectionExpression: 'suspendedAt',
  });
  return Boolean(item?.suspendedAt);
}
