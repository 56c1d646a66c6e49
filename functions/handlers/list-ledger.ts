import { reconciliationsBetween } from '../data/ledger';
import { owedTransfers } from '../data/transfers';
import { pageOf } from '../domain/directory';
import { ledgerTotals } from '../domain/ledger';
import { requireFinance } from '../http/finance';
import { httpHandler } from '../http/handler';
import { type LedgerPage, ledgerQuery } from '../schemas/ledger';
import { ledgerOfDays } from '../sessions/finance-ledger';

const PAGE_SIZE = 100;

/** `GET /api/finance/ledger`: a page of the range's entries, with totals of the whole filtered range, and what is owed to coaches. */
export const handler = httpHandler({ schemas: { query: ledgerQuery }, auth: true }, async ({ query, event }) => {
  requireFinance(event);
  const [entries, reconciliations, owed] = await Promise.all([
    ledgerOfDays(query),
    reconciliationsBetween(query.from, query.to),
    owedTransfers(),
  ]);
  const page = pageOf(entries, query.cursor, PAGE_SIZE);
  const body: LedgerPage = {
    entries: page.items,
    totals: ledgerTotals(entries),
    owedTransfers: owed,
    reconciliations: reconciliations.filter((day) => day.mismatches.length > 0),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
  return { status: 200, body };
});
