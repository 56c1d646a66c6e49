import { reconciliationsBetween } from '../data/ledger';
import { owedTransfers } from '../data/transfers';
import { profilesById } from '../data/session-ratings';
import { pageOf } from '../domain/directory';
import { ledgerTotals } from '../domain/ledger';
import { coachMatches, coachNameOf } from '../domain/ledger-coaches';
import { requireFinance } from '../http/finance';
import { httpHandler } from '../http/handler';
import { type LedgerPage, ledgerQuery } from '../schemas/ledger';
import { ledgerOfDays } from '../workflows/payments/finance-ledger';

const PAGE_SIZE = 100;

/** `GET /api/finance/ledger`: a page of the range's entries, with totals of the whole filtered range, and what is owed to coaches. */
export const handler = httpHandler({ schemas: { query: ledgerQuery }, auth: true }, async ({ query, event }) => {
  requireFinance(event);
  const [ofDays, reconciliations, owed] = await Promise.all([
    ledgerOfDays(query),
    reconciliationsBetween(query.from, query.to),
    owedTransfers(),
  ]);
  const coaches = await profilesById([...ofDays, ...owed].map(({ coachId }) => coachId));
  const nameOf = (coachId: string) => coachNameOf(coaches.get(coachId));
  const { coach } = query;
  const entries = coach ? ofDays.filter((entry) => coachMatches(entry.coachId, nameOf(entry.coachId), coach)) : ofDays;
  const page = pageOf(entries, query.cursor, PAGE_SIZE);
  const coachNames: Record<string, string> = {};
  for (const { coachId } of [...page.items, ...owed]) {
    const name = nameOf(coachId);
    if (name) coachNames[coachId] = name;
  }
  const body: LedgerPage = {
    entries: page.items,
    totals: ledgerTotals(entries),
    owedTransfers: owed,
    reconciliations: reconciliations.filter((day) => day.mismatches.length > 0),
    coachNames,
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
  return { status: 200, body };
});
