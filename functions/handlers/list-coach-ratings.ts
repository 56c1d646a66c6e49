import { toPublicRating } from '../domain/ratings';
import { publishedCoach } from '../http/directory';
import { edgeCached } from '../http/edge-cache';
import { httpHandler } from '../http/handler';
import { coachPath } from '../schemas/coach';
import { type RatingList, ratingListQuery } from '../schemas/rating';
import { coachRatings } from '../workflows/ratings/coach-ratings';

/** `GET /api/coaches/{coachId}/ratings?sort&cursor&limit`: a page of a published coach's public ratings, cached at the edge. */
export const handler = httpHandler(
  { schemas: { path: coachPath, query: ratingListQuery } },
  async ({ path, query }) => {
    const coach = await publishedCoach(path.coachId);
    const { ratings, nextCursor } = await coachRatings(coach.userId, query);
    const body: RatingList = {
      ratings: ratings.map(toPublicRating),
      total: coach.totalRatings,
      ...(nextCursor ? { nextCursor } : {}),
    };
    return { status: 200, body, headers: edgeCached('listing') };
  },
);
