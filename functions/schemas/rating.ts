import * as z from 'zod';

export const RATINGS_PAGE_SIZE = 5;

/** `GET /api/coaches/{coachId}/ratings` query. */
export const ratingListQuery = z
  .object({
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(RATINGS_PAGE_SIZE),
    sort: z.enum(['newest', 'highest', 'lowest']).default('newest'),
  })
  .strict();
export type RatingListQuery = z.infer<typeof ratingListQuery>;

export const publicRating = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  /** Null when there was no review, or when moderation rejected it (the rating still counts). */
  reviewText: z.string().nullable(),
  reviewerName: z.string(),
  createdAt: z.string(),
});
export type PublicRating = z.infer<typeof publicRating>;

export const ratingList = z.object({
  ratings: z.array(publicRating),
  /** Every rating of the coach, so the list can say how many there are before all are loaded. */
  total: z.number().int(),
  nextCursor: z.string().optional(),
});
export type RatingList = z.infer<typeof ratingList>;
