import type { ProfileItem } from '../domain/profile-item';
import { queryIndexPartition } from './dynamo';
import { DIRECTORY_SHARDS, directoryPartition, keys } from './keys';
import { tableSchema } from './table-schema';

/** A published coach's entry in the directory index (the table's profile item carries the same attributes). */
export type DirectoryRow = ProfileItem & {
  pk: string;
  dirsk: string;
  bioExcerpt?: string | null;
  coachBioExcerpt?: string | null;
};

/**
 * Every published coach's entry in the directory index: its shards read in parallel, with the
 * badge of each verified one and the plan of each offering one, read from the verified mentors'
 * partition of gsi1 and the plans' partition of gsi2 beside them (the directory index projects
 * its limit of 20 attributes already, and an index's projection cannot change in place).
 */
export async function readDirectoryRows(): Promise<DirectoryRow[]> {
  const [verified, withPlans, ...shards] = await Promise.all([
    queryIndexPartition<ProfileItem & { pk: string }>(tableSchema.indexes.byOwner, keys.verifiedMentorsPartition),
    queryIndexPartition<ProfileItem & { pk: string }>(tableSchema.indexes.byParty, keys.planMentorsPartition),
    ...Array.from({ length: DIRECTORY_SHARDS }, (_, shard) =>
      queryIndexPartition<DirectoryRow>(tableSchema.indexes.directory, directoryPartition(shard)),
    ),
  ]);
  const badges = new Map(verified.map((profile) => [profile.pk, profile.verification]));
  const plans = new Map(withPlans.map((profile) => [profile.pk, profile.plan]));
  return shards.flat().map((row) => {
    const verification = badges.get(row.pk);
    const plan = plans.get(row.pk);
    return { ...row, ...(verification ? { verification } : {}), ...(plan ? { plan } : {}) };
  });
}

/**
 * The profiles of these entries in name order (the index's sort key): the user id from the key,
 * and the bios as the excerpts the index holds in their place.
 */
export function directoryProfiles(rows: readonly DirectoryRow[]): ProfileItem[] {
  return [...rows]
    .sort((a, b) => (a.dirsk < b.dirsk ? -1 : 1))
    .map(({ bioExcerpt, coachBioExcerpt, ...row }) => ({
      ...row,
      userId: keys.userIdOf(row.pk),
      bio: bioExcerpt ?? null,
      coachBio: coachBioExcerpt ?? null,
    }));
}
