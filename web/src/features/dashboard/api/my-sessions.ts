import { type Profile, profile } from '@functions/schemas/profile';
import type { SessionView } from '@functions/schemas/session';
import {
  type CancelSessionInput,
  mySessions,
  type RateSessionInput,
  ratingResult,
} from '@functions/schemas/session-actions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionView } from '@functions/schemas/session';
import { api } from '@/lib/api-client';

export const mySessionsQueryKey = ['me', 'sessions'] as const;

export const mySessionsQuery = () =>
  queryOptions({
    queryKey: mySessionsQueryKey,
    queryFn: async (): Promise<SessionView[]> => mySessions.parse(await api.get('/me/sessions')).sessions,
  });

export const useMySessions = (enabled: boolean) => useQuery({ ...mySessionsQuery(), enabled });

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
