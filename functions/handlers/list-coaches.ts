import { directoryListing } from '../http/directory-listing';
import { edgeCached } from '../http/edge-cache';
import { httpHandler } from '../http/handler';
import { coachListQuery } from '../schemas/coach';

export const handler = httpHandler({ schemas: { query: coachListQuery } }, async ({ query }) => ({
  status: 200,
  body: await directoryListing(query),
  headers: edgeCached('listing'),
}));
