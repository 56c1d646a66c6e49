import { RATINGS_PAGE_SIZE, type RatingListQuery, ratingList } from '@functions/schemas/rating';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RatingSort = RatingListQuery['sort'];

export const DEFAULT_RATING_SORT: RatingSort = 'newest';

export const getCoachRatings = async (coachId: string, sort: RatingSort, cursor: string | undefined) =>
  ratingList.parse(await api.get(`/coaches/${coachId}/ratings`, { sort, cursor, limit: RATINGS_PAGE_SIZE }));

/** Pages follow the server's cursor, so a review added meanwhile neither repeats nor hides one. */
export const coachRatingsQuery = (coachId: string, sort: RatingSort) =>
  infiniteQueryOptions({
    queryKey: queryKeys.coaches.ratingsSorted(coachId, sort),
    queryFn: ({ pageParam }) => getCoachRatings(coachId, sort, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useCoachRatings = (coachId: string, sort: RatingSort) =>
  useInfiniteQuery(coachRatingsQuery(coachId, sort));
