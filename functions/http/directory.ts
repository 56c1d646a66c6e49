import { type DirectoryRow, directoryProfiles, readDirectoryRows } from '../data/coaches';
import { getProfile } from '../data/profiles';
import { DomainError } from '../domain/errors';
import type { Coach } from '../schemas/coach';
import { toCoach, toDirectoryCard } from './views/coach';
import type { DirectorySnapshot } from '../domain/ports';

export interface CoachStore {
  /** Every published coach's card (bios as excerpts), in name order (the directory index's sort key). */
  listPublished(): Promise<Coach[]>;
  /** A published coach, or null when unknown or unpublished. */
  getPublished(coachId: string): Promise<Coach | null>;
}

/** The cards of these directory entries, in name order. */
export const directoryCards = (rows: readonly DirectoryRow[]): Coach[] => directoryProfiles(rows).map(toDirectoryCard);

export const dynamoCoachStore: CoachStore = {
  listPublished: async () => directoryCards(await readDirectoryRows()),
  async getPublished(coachId) {
    const profile = await getProfile(coachId);
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
