import { cachedCoachStore, dynamoCoachStore } from '../data/coaches';
import { filterCoaches, pageOf } from '../domain/directory';
import { edgeCached } from '../http/edge-cache';
import { httpHandler } from '../http/handler';
import { coachListQuery, type CoachList } from '../schemas/coach';

const DIRECTORY_MAX_AGE_MS = 30_000;
const coaches = cachedCoachStore(dynamoCoachStore, DIRECTORY_MAX_AGE_MS);

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
