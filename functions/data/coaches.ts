import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Coach } from '../schemas/coach';
import { tableSchema } from './table-schema';
import { db, tableName } from './client';
import { toCoach } from './coach-view';
import { DIRECTORY_SHARDS, directoryPartition, keys } from './keys';
import { queryIndexPartition } from './query-all';
import type { ProfileItem } from './profile-item';

export interface CoachStore {
  /** Every published coach's card (bios as excerpts), in name order (the directory index's sort key). */
  listPublished(): Promise<Coach[]>;
  /** A published coach, or null when unknown or unpublished. */
  getPublished(coachId: string): Promise<Coach | null>;
}

type DirectoryRow = ProfileItem & {
  pk: string;
  dirsk: string;
  bioExcerpt?: string | null;
  coachBioExcerpt?: string | null;
};

/**
 * Every published coach's card from the directory index: its shards read in parallel, merged in
 * name order. The bios come as the card's excerpts (`coachBio` and `bio` of a listed coach).
 */
async function queryDirectoryIndex(): Promise<Coach[]> {
  const shards = await Promise.all(
    Array.from({ length: DIRECTORY_SHARDS }, (_, shard) =>
      queryIndexPartition<DirectoryRow>(tableSchema.indexes.directory, directoryPartition(shard)),
    ),
  );
  return shards
    .flat()
    .sort((a, b) => (a.dirsk < b.dirsk ? -1 : 1))
    .map(({ bioExcerpt, coachBioExcerpt, ...row }) =>
      toCoach({ ...row, userId: keys.userIdOf(row.pk), bio: bioExcerpt ?? null, coachBio: coachBioExcerpt ?? null }),
    );
}

export const dynamoCoachStore: CoachStore = {
  listPublished: queryDirectoryIndex,
  async getPublished(coachId) {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.profile(coachId) }));
    const profile = Item as ProfileItem | undefined;
    return profile?.published && profile.userType === 'mentor' ? toCoach(profile) : null;
  },
};

/**
 * Keeps the directory in the function's memory for a short while. The whole published set is
 * read through the sparse directory index (a Query, never a Scan) and filtered in memory, which
 * stays fast at 10,000 coaches; a stale copy is served while a refresh runs in the background.
 */
export function cachedCoachStore(source: CoachStore, maxAgeMs: number, clock: () => number = Date.now): CoachStore {
  let cached: { coaches: Coach[]; loadedAt: number } | undefined;
  let refreshing: Promise<Coach[]> | undefined;
  const refresh = () => {
    refreshing ??= source
      .listPublished()
      .then((coaches) => {
        cached = { coaches, loadedAt: clock() };
        return coaches;
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };
  return {
    async listPublished() {
      if (!cached) return refresh();
      if (clock() - cached.loadedAt > maxAgeMs) void refresh().catch(() => undefined);
      return cached.coaches;
    },
    getPublished: (coachId) => source.getPublished(coachId),
  };
}
