import { coachList, type CoachListQuery } from '@functions/schemas/coach';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `verified` and `plan` as the query string carries them (the API reads 'true'). */
export type DirectoryFilters = Pick<CoachListQuery, 'q' | 'specialty' | 'experience'> & {
  verified?: 'true';
  plan?: 'true';
};

export const getCoaches = async (filters: DirectoryFilters, cursor: string | undefined) =>
  coachList.parse(await api.get('/coaches', { ...filters, cursor }));

export const coachesQuery = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.coaches.list(filters),
    // A first page rendered on the server arrives through JSON, where its `undefined` cursor became null.
    queryFn: ({ pageParam }) => getCoaches(filters, pageParam ?? undefined),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useCoaches = (filters: DirectoryFilters) => useInfiniteQuery(coachesQuery(filters));
