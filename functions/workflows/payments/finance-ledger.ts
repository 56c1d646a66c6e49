import { DateTime } from 'luxon';
import { ledgerEntriesBetween } from '../../data/ledger';
import { LEDGER_KINDS, type LedgerEntry } from '../../schemas/ledger';

/** Stripe stamps events in whole seconds, so a dispute's open and close can share one: the lifecycle orders them. */
const lifecycleStep = (entry: LedgerEntry) => LEDGER_KINDS.indexOf(entry.kind);

/** The instants [from 00:00 UTC, the day after `to` 00:00 UTC) of a range of whole UTC days. */
export function dayRangeInstants(from: string, to: string): { from: string; to: string } {
  const start = DateTime.fromISO(from, { zone: 'utc' });
  const end = DateTime.fromISO(to, { zone: 'utc' }).plus({ days: 1 });
  return { from: start.toISO() as string, to: end.toISO() as string };
}

/** Entries of whole UTC days, optionally of one kind or one coach, in time order. */
export async function ledgerOfDays(query: {
  from: string;
  to: string;
  kind?: LedgerEntry['kind'];
  coachId?: string;
}): Promise<LedgerEntry[]> {
  const range = dayRangeInstants(query.from, query.to);
  const entries = await ledgerEntriesBetween(range.from, range.to, query.coachId);
  return entries
    .filter((entry) => !query.kind || entry.kind === query.kind)
    .sort((a, b) => a.at.localeCompare(b.at) || lifecycleStep(a) - lifecycleStep(b) || a.id.localeCompare(b.id));
}
