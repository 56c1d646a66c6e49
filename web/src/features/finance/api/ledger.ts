import { type LedgerKind, ledgerPage } from '@functions/schemas/ledger';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { accessToken } from '@/lib/auth';

export interface LedgerFilters {
  from: string;
  to: string;
  kind?: LedgerKind;
  /** Any part of a coach's name, or the start of a coach id. */
  coach?: string;
}

export const ledgerQuery = (filters: LedgerFilters) =>
  infiniteQueryOptions({
    queryKey: ['finance', 'ledger', filters],
    queryFn: async ({ pageParam }) =>
      ledgerPage.parse(await api.get('/finance/ledger', { ...filters, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });

export const useLedger = (filters: LedgerFilters) => useInfiniteQuery(ledgerQuery(filters));

/** Fetches the range's CSV with the bearer token and hands it to the browser as a download. */
export async function downloadLedgerCsv(from: string, to: string): Promise<void> {
  const token = await accessToken();
  const response = await fetch(`/api/finance/ledger.csv?${new URLSearchParams({ from, to })}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const { error } = (await response.json().catch(() => ({}))) as { error?: { code: string; message: string } };
    throw new ApiError(response.status, error?.code ?? 'HTTP_ERROR', error?.message ?? 'The download failed');
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = `ledger-${from}-to-${to}.csv`;
  link.click();
  // Revoked later, not at once: the browser reads the file after the click has returned.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
