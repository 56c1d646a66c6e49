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
import { afterCancelling, afterRating } from '@/lib/cache-invalidation';
import { queryKeys } from '@/lib/query-keys';

export const mySessionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.me.sessions(),
    queryFn: async (): Promise<SessionView[]> => mySessions.parse(await api.get('/me/sessions')).sessions,
  });

export const useMySessions = (enabled: boolean) => useQuery({ ...mySessionsQuery(), enabled });

type SessionRef = Pick<SessionView, 'id' | 'coachId'>;

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ session, reason }: { session: SessionRef } & CancelSessionInput) =>
      sessionView.parse(await api.post(`/sessions/${session.id}/cancel`, { reason })),
    onSettled: (_answer, _error, { session }) => afterCancelling(queryClient, session),
  });
}

export function useRateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ session, ...rating }: { session: SessionRef } & RateSessionInput) =>
      ratingResult.parse(await api.post(`/sessions/${session.id}/rating`, rating)),
    onSettled: (_answer, _error, { session }) => afterRating(queryClient, session),
  });
}
