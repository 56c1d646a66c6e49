import { DateTime } from 'luxon';
import { type LedgerEntry, ledgerEntry, type Reconciliation, reconciliation } from '../schemas/ledger';
import { getItem, putItem, putNew, queryAll, queryIndexPartition } from './dynamo';
import { keys } from './keys';
import { tableSchema } from './table-schema';

/** Appends an entry once: its id names the money fact, so a redelivered event adds nothing. */
export async function appendLedgerEntry(entry: LedgerEntry): Promise<'added' | 'duplicate'> {
  const added = await putNew({ ...keys.ledgerEntry(entry.id), ...keys.ledgerIndexes(entry), ...entry });
  return added ? 'added' : 'duplicate';
}

export async function getLedgerEntry(entryId: string): Promise<LedgerEntry | null> {
  const item = await getItem(keys.ledgerEntry(entryId), { ConsistentRead: true });
  return item ? ledgerEntry.parse(item) : null;
}

/** `YYYY-MM` of every UTC month that [from, to) touches. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = DateTime.fromISO(from, { zone: 'utc' }).startOf('month'); month.toMillis() < Date.parse(to); ) {
    months.push(month.toFormat('yyyy-MM'));
    month = month.plus({ months: 1 });
  }
  return months;
}

const between = (
  index: { name: string; partitionKey: string; sortKey: string },
  partition: string,
  from: string,
  to: string,
) =>
  queryAll<Record<string, unknown>>({
    IndexName: index.name,
    KeyConditionExpression: '#pk = :partition AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: { '#pk': index.partitionKey, '#sk': index.sortKey },
    ExpressionAttributeValues: { ':partition': partition, ':from': from, ':to': to },
  });

/**
 * Entries with `from <= at < to` (ISO instants) in time order: one Query per month partition, or
 * the coach's own partition when a coach is named. Never a Scan.
 */
export async function ledgerEntriesBetween(from: string, to: string, coachId?: string): Promise<LedgerEntry[]> {
  const pages = coachId
    ? [await between(tableSchema.indexes.byOwner, keys.coachLedgerPartition(coachId), from, to)]
    : await Promise.all(
        monthsOf(from, to).map((month) =>
          between(tableSchema.indexes.byParty, keys.ledgerMonthPartition(month), from, to),
        ),
      );
  return pages
    .flat()
    .map((item) => ledgerEntry.parse(item))
    .filter((entry) => entry.at >= from && entry.at < to);
}

/** Every entry of one coach's sessions. */
export async function ledgerEntriesOfCoach(coachId: string): Promise<LedgerEntry[]> {
  const items = await queryIndexPartition<Record<string, unknown>>(
    tableSchema.indexes.byOwner,
    keys.coachLedgerPartition(coachId),
  );
  return items.map((item) => ledgerEntry.parse(item));
}

export async function saveReconciliation(result: Reconciliation): Promise<void> {
  await putItem({ ...keys.reconciliation(result.day), ...result });
}

/** Stored reconciliations of the days `fromDay`..`toDay` (both `YYYY-MM-DD`, included). */
export async function reconciliationsBetween(fromDay: string, toDay: string): Promise<Reconciliation[]> {
  const months = monthsOf(fromDay, `${toDay}T23:59:59Z`);
  const pages = await Promise.all(
    months.map((month) =>
      queryAll<Record<string, unknown>>({
        KeyConditionExpression: 'pk = :partition AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':partition': keys.reconciliationMonth(month), ':from': fromDay, ':to': toDay },
      }),
    ),
  );
  return pages.flat().map((item) => reconciliation.parse(item));
}
