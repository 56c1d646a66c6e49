import { sessionView } from '@functions/schemas/session';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const isSessionNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The server asks the payment provider about a pending session before answering. */
export const sessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.sessions.detail(sessionId),
    queryFn: async () => sessionView.parse(await api.get(`/sessions/${sessionId}`)),
    retry: (failures, error) => !isSessionNotFound(error) && failures < 2,
  });

/** While the provider has not confirmed the payment yet, ask again every 2 seconds. */
export const useSession = (sessionId: string) =>
  useQuery({
    ...sessionQuery(sessionId),
    refetchInterval: (query) => (query.state.data?.status === 'pending_payment' ? 2_000 : false),
  });

/** The payer came back from checkout without paying. */
export const useAbandonSession = () =>
  useMutation({
    mutationFn: async (sessionId: string) => sessionView.parse(await api.post(`/sessions/${sessionId}/abandon`)),
  });
