import * as z from './zod';

export const RATINGS_PAGE_SIZE = 5;

/** `GET /api/coaches/{coachId}/ratings` query. */
export const ratingListQuery = z.strictObject({
  cursor: z.optional(z.string().check(z.maxLength(500))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), RATINGS_PAGE_SIZE),
  sort: z._default(z.enum(['newest', 'highest', 'lowest']), 'newest'),
});
export type RatingListQuery = z.infer<typeof ratingListQuery>;

export const publicRating = z.object({
  id: z.string(),
  rating: z.int().check(z.gte(1), z.lte(5)),
  /** Null when there was no review, or when moderation rejected it (the rating still counts). */
  reviewText: z.nullable(z.string()),
  reviewerName: z.string(),
  createdAt: z.string(),
});
export type PublicRating = z.infer<typeof publicRating>;

export const ratingList = z.object({
  ratings: z.array(publicRating),
  /** Every rating of the coach, so the list can say how many there are before all are loaded. */
  total: z.int(),
  nextCursor: z.optional(z.string()),
});
export type RatingList = z.infer<typeof ratingList>;
