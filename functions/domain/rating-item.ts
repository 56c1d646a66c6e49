/** A mentee's rating of one session (pk SESSION#id, sk RATING), listed per coach through gsi1. */
export interface RatingItem {
  sessionId: string;
  coachId: string;
  ratedBy: string;
  reviewerName: string;
  rating: 1 | 2 | 3 | 4 | 5;
  reviewText: string | null;
  moderationStatus: 'approved' | 'rejected';
  createdAt: string;
}
