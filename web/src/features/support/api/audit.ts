import { type AuditQuery, auditPage } from '@functions/schemas/support';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SUPPORT_KEY } from './support-action';

export type AuditFilters = Omit<AuditQuery, 'cursor'>;

/** `GET /api/support/audit`: newest first, page by page along the server's cursor ("Load more"). */
export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...SUPPORT_KEY, 'audit', filters],
    queryFn: async ({ pageParam }) =>
      auditPage.parse(await api.get('/support/audit', { ...filters, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.cursor ?? undefined,
  });

export const useAuditLog = (filters: AuditFilters) => useInfiniteQuery(auditQuery(filters));
