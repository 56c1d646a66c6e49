import type { PublicRating, RatingList, RatingListQuery } from '../schemas/rating';

export interface StoredRating {
  sessionId: string;
  rating: number;
  reviewText: string | null;
  reviewerName: string;
  moderationStatus: 'approved' | 'rejected';
  createdAt: string;
}

const byNewest = (a: StoredRating, b: StoredRating) => b.createdAt.localeCompare(a.createdAt);

const order: Record<RatingListQuery['sort'], (a: StoredRating, b: StoredRating) => number> = {
  newest: byNewest,
  // Ties in stars show the newest first, so the order is total and pages never shift.
  highest: (a, b) => b.rating - a.rating || byNewest(a, b),
  lowest: (a, b) => a.rating - b.rating || byNewest(a, b),
};

/** A review's text is public only once moderation approved it. */
function toPublicRating(rating: StoredRating): PublicRating {
  return {
    id: rating.sessionId,
    rating: rating.rating,
    reviewText: rating.moderationStatus === 'approved' ? rating.reviewText : null,
    reviewerName: rating.reviewerName,
    createdAt: rating.createdAt,
  };
}

export function ratingsPage(ratings: readonly StoredRating[], query: RatingListQuery): RatingList {
  const sorted = [...ratings].sort(order[query.sort]);
  const start = (query.page - 1) * query.limit;
  const total = sorted.length;
  const totalPages = Math.ceil(total / query.limit);
  return {
    ratings: sorted.slice(start, start + query.limit).map(toPublicRating),
    pagination: { page: query.page, total, totalPages, hasMore: query.page < totalPages },
  };
}
