import { ratingSortKey, ratingsPageOfCoach } from '../../data/ratings';
import { afterCursor, afterOf } from '../../domain/cursor';
import type { RatingListQuery } from '../../schemas/rating';

/** A page of a coach's ratings in the asked order, and the cursor of the next one. */
export async function coachRatings(coachId: string, query: RatingListQuery) {
  const page = await ratingsPageOfCoach(coachId, query.sort, {
    after: afterOf(query.cursor, query.sort),
    limit: query.limit,
  });
  const last = page.ratings.at(-1);
  return {
    ratings: page.ratings,
    nextCursor: page.more && last ? afterCursor(query.sort, ratingSortKey(last, query.sort)) : undefined,
  };
}
