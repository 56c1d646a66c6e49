import { reconciliationsBetween } from '../../data/ledger';
import { profilesById } from '../../data/session-ratings';
import { owedTransfers } from '../../data/transfers';
import { pageOf } from '../../domain/directory';
import { ledgerTotals } from '../../domain/ledger';
import { coachMatches, coachNameOf } from '../../domain/ledger-coaches';
import type { LedgerPage, LedgerQuery } from '../../schemas/ledger';
import { ledgerOfDays } from './finance-ledger';

const PAGE_SIZE = 100;

/**
 * The finance ledger's page: the range's entries (of one coach by name or id, if asked), totals of
 * the whole filtered range, what is owed to coaches, the days whose reconciliation found mismatches,
 * and the names of the coaches shown.
 */
export async function ledgerPage(query: LedgerQuery): Promise<LedgerPage> {
  const [ofDays, reconciliations, owed] = await Promise.all([
    ledgerOfDays(query),
    reconciliationsBetween(query.from, query.to),
    owedTransfers(),
  ]);
  // An entry of a charge that is none of ours (domain/ledger.ts unmatchedDisputeEntries) names no coach.
  const coachIds = [...ofDays, ...owed].map(({ coachId }) => coachId).filter(Boolean);
  const coaches = await profilesById(coachIds);
  const nameOf = (coachId: string) => (coachId ? coachNameOf(coaches.get(coachId)) : undefined);
  const { coach } = query;
  const entries = coach ? ofDays.filter((entry) => coachMatches(entry.coachId, nameOf(entry.coachId), coach)) : ofDays;
  const page = pageOf(entries, query.cursor, PAGE_SIZE);
  const coachNames: Record<string, string> = {};
  for (const { coachId } of [...page.items, ...owed]) {
    const name = nameOf(coachId);
    if (name) coachNames[coachId] = name;
  }
  return {
    entries: page.items,
    totals: ledgerTotals(entries),
    owedTransfers: owed,
    reconciliations: reconciliations.filter((day) => day.mismatches.length > 0),
    coachNames,
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}
