import { dynamoCoachStore } from '../data/coaches';
import { DomainError } from '../domain/errors';
import { edgeCached } from '../http/edge-cache';
import { httpHandler } from '../http/handler';
import { coachPath } from '../schemas/coach';

export const handler = httpHandler({ schemas: { path: coachPath } }, async ({ path }) => {
  const coach = await dynamoCoachStore.getPublished(path.coachId);
  if (!coach) throw new DomainError('NOT_FOUND', 'This mentor does not exist or is not taking bookings.');
  return { status: 200, body: coach, headers: edgeCached('listing') };
});
