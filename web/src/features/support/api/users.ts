import { supportUserPage, userSearchResult } from '@functions/schemas/support';
import type { ReasonInput, SupportCancelInput } from '@functions/schemas/support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SUPPORT_KEY, useSupportAction } from './support-action';

/** `GET /api/support/users?q=`: at most 20 users whose e-mail, name or id starts with `q`. */
export const userSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'users', { q }],
    queryFn: async () => userSearchResult.parse(await api.get('/support/users', { q })),
  });

export const useUserSearch = (q: string) => useQuery({ ...userSearchQuery(q), enabled: q !== '' });

/** `GET /api/support/users/{id}`: the user's page (the read itself is audited). */
export const supportUserQuery = (userId: string) =>
  queryOptions({
    queryKey: [...SUPPORT_KEY, 'user', userId],
    queryFn: async () => supportUserPage.parse(await api.get(`/support/users/${encodeURIComponent(userId)}`)),
  });

export const useSupportUser = (userId: string) => useQuery(supportUserQuery(userId));

export type AccountAction = 'suspend' | 'unsuspend' | 'delete';

/** `POST /api/support/users/{id}/suspend|unsuspend|delete {reason}`. */
export const useAccountAction = () =>
  useSupportAction(({ userId, action, reason }: { userId: string; action: AccountAction } & ReasonInput) => ({
    path: `/support/users/${encodeURIComponent(userId)}/${action}`,
    body: { reason },
  }));

/** `POST /api/support/sessions/{id}/cancel {reason, refund}`: cancels for a party, refunding as asked. */
export const useCancelOnBehalf = () =>
  useSupportAction(({ sessionId, ...input }: { sessionId: string } & SupportCancelInput) => ({
    path: `/support/sessions/${encodeURIComponent(sessionId)}/cancel`,
    body: input,
  }));
