import { publishedCoach } from '../http/directory';
import { ratingSortKey, ratingsPageOfCoach } from '../data/ratings';
import { afterCursor, afterOf } from '../domain/cursor';
import { toPublicRating } from '../domain/ratings';
import { edgeCached } from '../http/edge-cache';
import { httpHandler } from '../http/handler';
import { coachPath } from '../schemas/coach';
import { type RatingList, ratingListQuery } from '../schemas/rating';

export const handler = httpHandler(
  { schemas: { path: coachPath, query: ratingListQuery } },
  async ({ path, query }) => {
    const coach = await publishedCoach(path.coachId);
    const page = await ratingsPageOfCoach(coach.userId, query.sort, {
      after: afterOf(query.cursor, query.sort),
      limit: query.limit,
    });
    const last = page.ratings.at(-1);
    const body: RatingList = {
      ratings: page.ratings.map(toPublicRating),
      total: coach.totalRatings,
      ...(page.more && last ? { nextCursor: afterCursor(query.sort, ratingSortKey(last, query.sort)) } : {}),
    };
    return { status: 200, body, headers: edgeCached('listing') };
  },
);
