import type { DirectorySnapshot } from '../adapters/directory-snapshot';
import { cardExcerpt } from '../domain/directory';
import { DomainError } from '../domain/errors';
import type { Coach } from '../schemas/coach';
import { tableSchema } from './table-schema';
import { getItem, queryIndexPartition } from './dynamo';
import { toCoach } from '../http/views/coach';
import { DIRECTORY_SHARDS, directoryPartition, keys } from './keys';
import type { ProfileItem } from '../domain/profile-item';

export interface CoachStore {
  /** Every published coach's card (bios as excerpts), in name order (the directory index's sort key). */
  listPublished(): Promise<Coach[]>;
  /** A published coach, or null when unknown or unpublished. */
  getPublished(coachId: string): Promise<Coach | null>;
}

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

/** The cards of these entries in name order (the index's sort key), bios as the card's excerpts. */
export function directoryCards(rows: readonly DirectoryRow[]): Coach[] {
  return [...rows]
    .sort((a, b) => (a.dirsk < b.dirsk ? -1 : 1))
    .map(({ bioExcerpt, coachBioExcerpt, plan, ...row }) =>
      toCoach({
        ...row,
        userId: keys.userIdOf(row.pk),
        bio: bioExcerpt ?? null,
        coachBio: coachBioExcerpt ?? null,
        ...(plan ? { plan: { ...plan, description: cardExcerpt(plan.description) ?? '' } } : {}),
      }),
    );
}

const queryDirectoryIndex = async () => directoryCards(await readDirectoryRows());

export const dynamoCoachStore: CoachStore = {
  listPublished: queryDirectoryIndex,
  async getPublished(coachId) {
    const profile = await getItem<ProfileItem>(keys.profile(coachId));
    return profile?.published && profile.userType === 'mentor' ? toCoach(profile) : null;
  },
};

/** What every public read of a mentor answers for one who does not exist or is not published. */
export const mentorNotFound = () =>
  new DomainError('NOT_FOUND', 'This mentor does not exist or is not taking bookings.');

/** A published mentor, or `mentorNotFound`. */
export async function publishedCoach(coachId: string): Promise<Coach> {
  const coach = await dynamoCoachStore.getPublished(coachId);
  if (!coach) throw mentorNotFound();
  return coach;
}

/**
 * The directory from its snapshot (adapters/directory-snapshot.ts): one GetObject, conditional on
 * the ETag already held, so a cold start reads one compact object however many index pages there
 * are. While no snapshot exists (a new stage, before its first rebuild) it reads the index itself.
 */
export function snapshotCoachStore(snapshot: DirectorySnapshot, index: CoachStore): CoachStore {
  let held: { etag: string; coaches: Coach[] } | undefined;
  return {
    async listPublished() {
      const answer = await snapshot.read(held?.etag);
      if (answer.state === 'unchanged' && held) return held.coaches;
      if (answer.state === 'current') {
        held = { etag: answer.etag, coaches: answer.coaches };
        return answer.coaches;
      }
      held = undefined;
      return index.listPublished();
    },
    getPublished: (coachId) => index.getPublished(coachId),
  };
}

/**
 * Keeps the directory in the function's memory for a short while, then filtered in memory, which
 * stays fast at 10,000 coaches; a stale copy is served while a refresh (for the snapshot, a
 * conditional GetObject) runs in the background.
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
