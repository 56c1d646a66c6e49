import { publishedCoach } from '../http/directory';
import { edgeCached } from '../http/edge-cache';
import { httpHandler } from '../http/handler';
import { coachPath } from '../schemas/coach';

export const handler = httpHandler({ schemas: { path: coachPath } }, async ({ path }) => {
  const coach = await publishedCoach(path.coachId);
  return { status: 200, body: coach, headers: edgeCached('listing') };
});
