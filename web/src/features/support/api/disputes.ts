import { disputeList } from '@functions/schemas/support';
import type { ResolveSessionInput } from '@functions/schemas/session-outcome';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SUPPORT_KEY, useSupportAction } from './support-action';

/** `GET /api/support/disputes`: disputed sessions not yet resolved, oldest first. */
export const disputesQuery = () =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'disputes'],
    queryFn: async () => disputeList.parse(await api.get('/support/disputes')),
  });

export const useDisputes = () => useQuery(disputesQuery());

/** `POST /api/support/sessions/{id}/resolve`. */
export const useResolveDispute = () =>
  useSupportAction(({ sessionId, ...input }: { sessionId: string } & ResolveSessionInput) => ({
    path: `/support/sessions/${encodeURIComponent(sessionId)}/resolve`,
    body: input,
  }));
