import { type LedgerKind, ledgerPage } from '@functions/schemas/ledger';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, downloadApiFile } from '@/lib/api-client';

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

/** The range's CSV, as a download. */
export const downloadLedgerCsv = (from: string, to: string) =>
  downloadApiFile('/finance/ledger.csv', { from, to }, `ledger-${from}-to-${to}.csv`);
