import { type Profile, profile } from '@functions/schemas/profile';
import {
  type CancelSessionInput,
  mySessions,
  type MySessionsQuery,
  type RateSessionInput,
  ratingResult,
} from '@functions/schemas/session-actions';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { sessionView } from '@functions/schemas/session';
import { api } from '@/lib/api-client';

export const mySessionsQueryKey = ['me', 'sessions'] as const;

export type SessionsSection = MySessionsQuery['when'];

/** One dashboard section, page by page along the server's cursor (upcoming by start, past newest first). */
export const mySessionsQuery = (when: SessionsSection) =>
  infiniteQueryOptions({
    queryKey: [...mySessionsQueryKey, { when }],
    queryFn: async ({ pageParam }) => mySessions.parse(await api.get('/me/sessions', { when, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useMySessions = (when: SessionsSection) => useInfiniteQuery(mySessionsQuery(when));

/** The viewer's own profile: who they are (mentee or mentor), whether published, and their time zone. */
export const viewerProfileQuery = () =>
  queryOptions({
    queryKey: ['me', 'profile'] as const,
    queryFn: async (): Promise<Profile> => profile.parse(await api.get('/me')),
  });

export const useViewerProfile = (enabled: boolean) => useQuery({ ...viewerProfileQuery(), enabled });

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, reason }: { sessionId: string } & CancelSessionInput) =>
      sessionView.parse(await api.post(`/sessions/${sessionId}/cancel`, { reason })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySessionsQueryKey }),
  });
}

export function useRateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, ...rating }: { sessionId: string } & RateSessionInput) =>
      ratingResult.parse(await api.post(`/sessions/${sessionId}/rating`, rating)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySessionsQueryKey }),
  });
}
