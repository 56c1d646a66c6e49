import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';
import type { ProfileItem } from './profile-item';

/**
 * The stored row for a profile: its keys, plus the sparse directory keys exactly when the
 * profile is a published mentor, so publishing and unpublishing move it in and out of the index.
 */
export function profileRow(profile: ProfileItem) {
  const listed = profile.published && profile.userType === 'mentor';
  return { ...profile, ...keys.profile(profile.userId), ...(listed ? keys.directoryEntry(profile) : {}) };
}

export async function getProfile(userId: string): Promise<ProfileItem | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.profile(userId) }));
  return (Item as ProfileItem | undefined) ?? null;
}
