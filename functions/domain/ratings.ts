import type { PublicRating } from '../schemas/rating';

export interface StoredRating {
  sessionId: string;
  rating: number;
  reviewText: string | null;
  reviewerName: string;
  moderationStatus: 'approved' | 'rejected';
  createdAt: string;
}

/** A review's text is public only once moderation approved it. */
export function toPublicRating(rating: StoredRating): PublicRating {
  return {
    id: rating.sessionId,
    rating: rating.rating,
    reviewText: rating.moderationStatus === 'approved' ? rating.reviewText : null,
    reviewerName: rating.reviewerName,
    createdAt: rating.createdAt,
  };
}
