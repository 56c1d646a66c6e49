import { directorySnapshotFromEnvironment } from '../adapters/directory-snapshot';
import { cachedCoachStore, dynamoCoachStore, snapshotCoachStore } from '../data/coaches';
import { filterCoaches, pageOf } from '../domain/directory';
import { edgeCached } from '../http/edge-cache';
import { httpHandler } from '../http/handler';
import { coachListQuery, type CoachList } from '../schemas/coach';

/** How long a copy of the directory is served from memory; 0 (tests that watch it change) reads the snapshot each time. */
const maxAgeMs = Number(process.env.DIRECTORY_MAX_AGE_SECONDS ?? 30) * 1000;
const snapshot = snapshotCoachStore(directorySnapshotFromEnvironment(), dynamoCoachStore);
const coaches = maxAgeMs > 0 ? cachedCoachStore(snapshot, maxAgeMs) : snapshot;

export const handler = httpHandler({ schemas: { query: coachListQuery } }, async ({ query }) => {
  const published = await coaches.listPublished();
  const matching = filterCoaches(published, query);
  const page = pageOf(matching, query.cursor, query.limit);
  const body: CoachList = {
    coaches: page.items,
    matchingCount: matching.length,
    totalCount: published.length,
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
  return { status: 200, body, headers: edgeCached('listing') };
});
