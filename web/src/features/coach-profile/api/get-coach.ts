import { coach } from '@functions/schemas/coach';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isNotFound } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const getCoach = async (coachId: string) => coach.parse(await api.get(`/coaches/${coachId}`));

export const coachQuery = (coachId: string) =>
  queryOptions({
    queryKey: queryKeys.coaches.detail(coachId),
    queryFn: () => getCoach(coachId),
    // An unknown or unpublished coach will not appear on a second ask; the page redirects at once.
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });

export const useCoach = (coachId: string) => useQuery(coachQuery(coachId));
