import type { StoredRating } from '../domain/ratings';
import { keys } from './keys';
import { queryIndexPartition } from './query-all';
import { tableSchema } from './table-schema';

/** Every rating of one coach (gsi1, in time order); a coach's ratings are few enough to sort in memory. */
export function ratingsOfCoach(coachId: string): Promise<StoredRating[]> {
  return queryIndexPartition<StoredRating>(tableSchema.indexes.byOwner, keys.coachRatingsPartition(coachId));
}
