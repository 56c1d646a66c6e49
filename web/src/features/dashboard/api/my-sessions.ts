import type { SessionView } from '@functions/schemas/session';
import {
  type CancelSessionInput,
  mySessions,
  type MySessionsQuery,
  type RateSessionInput,
  type RescheduleSessionInput,
  ratingResult,
} from '@functions/schemas/session-actions';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionView } from '@functions/schemas/session';
import type { ReportOutcomeInput } from '@functions/schemas/session-outcome';
import { api } from '@/lib/api-client';
import { afterCancelling, afterOutcomeReport, afterRating, afterRescheduling } from '@/lib/cache-invalidation';
import { queryKeys } from '@/lib/query-keys';

export type SessionsSection = MySessionsQuery['when'];

/** One dashboard section, page by page along the server's cursor (upcoming by start, past newest first). */
export const mySessionsQuery = (when: SessionsSection) =>
  infiniteQueryOptions({
    queryKey: queryKeys.me.sessionsIn(when),
    queryFn: async ({ pageParam }) => mySessions.parse(await api.get('/me/sessions', { when, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useMySessions = (when: SessionsSection) => useInfiniteQuery(mySessionsQuery(when));

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

export function useReportOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ session, ...report }: { session: SessionRef } & ReportOutcomeInput) =>
      sessionView.parse(await api.post(`/sessions/${session.id}/outcome`, report)),
    onSettled: (_answer, _error, { session }) => afterOutcomeReport(queryClient, session),
  });
}

export function useRescheduleSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ session, ...move }: { session: SessionRef } & RescheduleSessionInput) =>
      sessionView.parse(await api.post(`/sessions/${session.id}/reschedule`, move)),
    onSettled: (_answer, _error, { session }) => afterRescheduling(queryClient, session),
  });
}
