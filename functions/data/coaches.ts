import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Coach } from '../schemas/coach';
import { tableSchema } from './table-schema';
import { db, tableName } from './client';
import { toCoach } from './coach-view';
import { DIRECTORY_PARTITION, keys } from './keys';
import { queryIndexPartition } from './query-all';
import type { ProfileItem } from './profile-item';

export interface CoachStore {
  /** Every published coach, in name order (the directory index's sort key). */
  listPublished(): Promise<Coach[]>;
  /** A published coach, or null when unknown or unpublished. */
  getPublished(coachId: string): Promise<Coach | null>;
}

async function queryDirectoryIndex(): Promise<Coach[]> {
  const rows = await queryIndexPartition<ProfileItem & { pk: string }>(
    tableSchema.indexes.directory,
    DIRECTORY_PARTITION,
  );
  return rows.map((row) => toCoach({ ...row, userId: keys.userIdOf(row.pk) }));
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
