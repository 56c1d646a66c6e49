import { reconciliationsBetween } from '../data/ledger';
import { profilesById } from '../data/session-ratings';
import { pageOf } from '../domain/directory';
import { ledgerTotals } from '../domain/ledger';
import { coachMatches, coachNameOf } from '../domain/ledger-coaches';
import { requireFinance } from '../http/finance';
import { httpHandler } from '../http/handler';
import { type LedgerPage, ledgerQuery } from '../schemas/ledger';
import { ledgerOfDays } from '../sessions/finance-ledger';

const PAGE_SIZE = 100;

/** `GET /api/finance/ledger`: a page of the range's entries, with totals of the whole filtered range. */
export const handler = httpHandler({ schemas: { query: ledgerQuery }, auth: true }, async ({ query, event }) => {
  requireFinance(event);
  const [ofDays, reconciliations] = await Promise.all([
    ledgerOfDays(query),
    reconciliationsBetween(query.from, query.to),
  ]);
  const coaches = await profilesById(ofDays.map((entry) => entry.coachId));
  const nameOf = (coachId: string) => coachNameOf(coaches.get(coachId));
  const { coach } = query;
  const entries = coach ? ofDays.filter((entry) => coachMatches(entry.coachId, nameOf(entry.coachId), coach)) : ofDays;
  const page = pageOf(entries, query.cursor, PAGE_SIZE);
  const coachNames: Record<string, string> = {};
  for (const { coachId } of page.items) {
    const name = nameOf(coachId);
    if (name) coachNames[coachId] = name;
  }
  const body: LedgerPage = {
    entries: page.items,
    totals: ledgerTotals(entries),
    reconciliations: reconciliations.filter((day) => day.mismatches.length > 0),
    coachNames,
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
  return { status: 200, body };
});
