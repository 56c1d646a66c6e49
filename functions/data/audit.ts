import type { AuditEntry } from '../domain/audit';
import { putItem, queryPage, type TableWrite } from './dynamo';
import { keys } from './keys';

const auditItem = (entry: AuditEntry) => ({ ...keys.audit(entry.at, entry.id), ...entry });

/** The write that records `entry`, for the transaction of the action it records (never over another entry). */
export const auditPut = (entry: AuditEntry): TableWrite => ({
  Put: { Item: auditItem(entry), ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Records an entry on its own: a staff read, which changes nothing else. */
export const recordAudit = (entry: AuditEntry): Promise<void> =>
  putItem(auditItem(entry), { ConditionExpression: 'attribute_not_exists(pk)' });

/** An entry's sort key within its month (keys.audit): the instant, then the id. */
export const auditSortKey = (entry: Pick<AuditEntry, 'at' | 'id'>): string => keys.audit(entry.at, entry.id).sk;

export interface AuditRead {
  /** The month (`YYYY-MM`) to read. */
  month: string;
  /** Sort keys from `lowest` to `highest`, both included. */
  lowest: string;
  highest: string;
  /** Continue after this sort key (of this month), in the read's order. */
  after?: string;
  newestFirst: boolean;
  /** Only entries by this actor, or about this subject. */
  actor?: string;
  subject?: string;
}

/** One month's entries in a range of sort keys, one DynamoDB page at a time, in the order asked. */
export async function* auditEntriesOfMonth(read: AuditRead): AsyncGenerator<AuditEntry> {
  const pk = keys.auditMonthPartition(read.month);
  const filters = [
    ...(read.actor === undefined ? [] : ['actor = :actor']),
    ...(read.subject === undefined ? [] : ['subject = :subject']),
  ];
  const query = {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lowest AND :highest',
    ExpressionAttributeValues: {
      ':pk': pk,
      ':lowest': read.lowest,
      ':highest': read.highest,
      ...(read.actor === undefined ? {} : { ':actor': read.actor }),
      ...(read.subject === undefined ? {} : { ':subject': read.subject }),
    },
    ...(filters.length > 0 ? { FilterExpression: filters.join(' AND ') } : {}),
    ScanIndexForward: !read.newestFirst,
  };
  let startKey: Record<string, unknown> | undefined = read.after === undefined ? undefined : { pk, sk: read.after };
  do {
    const page = await queryPage({ ...query, ExclusiveStartKey: startKey });
    for (const { pk: _pk, sk: _sk, ...entry } of (page.Items ?? []) as (AuditEntry & { pk: string; sk: string })[])
      yield entry;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
