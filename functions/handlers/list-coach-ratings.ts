import { dynamoCoachStore } from '../data/coaches';
import { ratingsOfCoach } from '../data/ratings';
import { DomainError } from '../domain/errors';
import { ratingsPage } from '../domain/ratings';
import { httpHandler } from '../http/handler';
import { coachPath } from '../schemas/coach';
import { ratingListQuery } from '../schemas/rating';

export const handler = httpHandler(
  { schemas: { path: coachPath, query: ratingListQuery } },
  async ({ path, query }) => {
    const coach = await dynamoCoachStore.getPublished(path.coachId);
    if (!coach) throw new DomainError('NOT_FOUND', 'This mentor does not exist or is not taking bookings.');
    return { status: 200, body: ratingsPage(await ratingsOfCoach(path.coachId), query) };
  },
);
