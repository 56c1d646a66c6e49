import { type SessionView, sessionView } from '@functions/schemas/session';
import { type QueryState, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isNotFound } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The server asks the payment provider about a pending session before answering. */
export const sessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.sessions.detail(sessionId),
    queryFn: async () => sessionView.parse(await api.get(`/sessions/${sessionId}`)),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });

export const PAYMENT_POLL_INTERVAL_MS = 2_000;
/** About half a minute of asking; a payment still unconfirmed then is the webhook's and the e-mail's to report. */
export const PAYMENT_POLL_LIMIT = 15;

/** Whether to ask again: only while the payment is pending, and at most PAYMENT_POLL_LIMIT answers in all. */
export const keepsWaitingForPayment = (state: Pick<QueryState<SessionView>, 'data' | 'dataUpdateCount'> | undefined) =>
  state?.data?.status === 'pending_payment' && state.dataUpdateCount < PAYMENT_POLL_LIMIT;

/**
 * The session, asked for again every 2 seconds while the provider has not confirmed the payment,
 * up to the limit; `stoppedWaiting` then says the page should tell the payer what happens next.
 */
export function useSession(sessionId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = sessionQuery(sessionId);
  const session = useQuery({
    ...sessionQuery(sessionId),
    refetchInterval: (query) => (keepsWaitingForPayment(query.state) ? PAYMENT_POLL_INTERVAL_MS : false),
  });
  const stoppedWaiting =
    session.data?.status === 'pending_payment' && !keepsWaitingForPayment(queryClient.getQueryState(queryKey));
  return { session, stoppedWaiting };
}

/** The payer came back from checkout without paying. */
export const useAbandonSession = () =>
  useMutation({
    mutationFn: async (sessionId: string) => sessionView.parse(await api.post(`/sessions/${sessionId}/abandon`)),
  });
