import { pageOf, rememberingFilter } from '../domain/directory';
import type { CoachList, CoachListQuery } from '../schemas/coach';
import { cachedCoachStore, dynamoCoachStore, snapshotCoachStore } from './directory';
import { directorySnapshot } from '../runtime/ports/directory-snapshot';

/** How long a copy of the directory is served from memory; 0 (tests that watch it change) reads the snapshot each time. */
const maxAgeMs = Number(process.env.DIRECTORY_MAX_AGE_SECONDS ?? 30) * 1000;
const snapshot = snapshotCoachStore(directorySnapshot(), dynamoCoachStore);
const coaches = maxAgeMs > 0 ? cachedCoachStore(snapshot, maxAgeMs) : snapshot;

/**
 * The mentors matching each recent set of filters, up to a million references to cards already in
 * memory (about 8 MB): the pages of one search ("load more") and the searches many people make filter
 * the directory once instead of at every request.
 */
const matchingCoaches = rememberingFilter(1_000_000);

/** One page of the published mentors matching `query`, as `GET /api/coaches` answers it and the directory page renders it. */
export async function directoryListing(query: CoachListQuery): Promise<CoachList> {
  const published = await coaches.listPublished();
  const matching = matchingCoaches(published, query);
  const page = pageOf(matching, query.cursor, query.limit);
  return {
    coaches: page.items,
    matchingCount: matching.length,
    totalCount: published.length,
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}
