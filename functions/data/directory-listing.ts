import { directorySnapshotFromEnvironment } from '../adapters/directory-snapshot';
import { filterCoaches, pageOf } from '../domain/directory';
import type { CoachList, CoachListQuery } from '../schemas/coach';
import { cachedCoachStore, dynamoCoachStore, snapshotCoachStore } from './coaches';

/** How long a copy of the directory is served from memory; 0 (tests that watch it change) reads the snapshot each time. */
const maxAgeMs = Number(process.env.DIRECTORY_MAX_AGE_SECONDS ?? 30) * 1000;
const snapshot = snapshotCoachStore(directorySnapshotFromEnvironment(), dynamoCoachStore);
const coaches = maxAgeMs > 0 ? cachedCoachStore(snapshot, maxAgeMs) : snapshot;

/** One page of the published mentors matching `query`, as `GET /api/coaches` answers it and the directory page renders it. */
export async function directoryListing(query: CoachListQuery): Promise<CoachList> {
  const published = await coaches.listPublished();
  const matching = filterCoaches(published, query);
  const page = pageOf(matching, query.cursor, query.limit);
  return {
    coaches: page.items,
    matchingCount: matching.length,
    totalCount: published.length,
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}
