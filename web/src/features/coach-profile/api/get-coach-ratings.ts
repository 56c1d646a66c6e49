import { RATINGS_PAGE_SIZE, type RatingListQuery, ratingList } from '@functions/schemas/rating';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RatingSort = RatingListQuery['sort'];

export const getCoachRatings = async (coachId: string, page: number, sort: RatingSort) =>
  ratingList.parse(await api.get(`/coaches/${coachId}/ratings`, { page, sort, limit: RATINGS_PAGE_SIZE }));

export const coachRatingsQuery = (coachId: string, page: number, sort: RatingSort) =>
  queryOptions({
    queryKey: queryKeys.coaches.ratingsPage(coachId, { page, sort }),
    queryFn: () => getCoachRatings(coachId, page, sort),
    placeholderData: keepPreviousData,
  });

export const useCoachRatings = (coachId: string, page: number, sort: RatingSort) =>
  useQuery(coachRatingsQuery(coachId, page, sort));
