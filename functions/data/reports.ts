import type { AuditEntry } from '../domain/audit';
import type { MessageItem } from '../domain/messages';
import type { ReportItem, ReportStatus } from '../domain/reports';
import { auditPut } from './audit';
import { getItem, isCancelledTransaction, queryPage, type TableWrite, transact } from './dynamo';
import { keys } from './keys';

/** A report's entry in support's open queue, on condition it is new (a repeat writes nothing). */
const openEntryPut = (report: ReportItem): TableWrite => ({
  Put: {
    Item: { ...report, ...keys.reportQueueEntry('open', report.reportedAt, report.id) },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The report itself and its open queue entry: the writes that go with a party's report of a message. */
export const reportPuts = (report: ReportItem): TableWrite[] => [
  { Put: { Item: { ...report, ...keys.report(report.id) }, ConditionExpression: 'attribute_not_exists(pk)' } },
  openEntryPut(report),
];

export const getReport = (reportId: string) => getItem<ReportItem>(keys.report(reportId), { ConsistentRead: true });

/** At most this many reports per list: support works the oldest first. */
export const MAX_REPORTS_LISTED = 100;

/** Open or decided reports, oldest reported first. */
export async function reportsIn(status: 'open' | 'decided'): Promise<ReportItem[]> {
  const { Items = [] } = await queryPage({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.reportQueuePartition(status) },
    Limit: MAX_REPORTS_LISTED,
  });
  return Items as ReportItem[];
}

/**
 * Decides an open report once, in one transaction with its audit entry: the report takes its
 * decision on condition it is still open, its entry moves from the open queue to the decided one,
 * and a removal blanks the message (the thread shows it removed). False when the transaction was
 * cancelled (decided meanwhile, or a concurrent write): read the report again and decide again.
 */
export async function storeDecision(
  report: ReportItem,
  decision: { status: Exclude<ReportStatus, 'open'>; decidedBy: string; note: string; decidedAt: string },
  audit: AuditEntry,
  removedMessage: Pick<MessageItem, 'conversationId' | 'seq'> | null,
): Promise<boolean> {
  const decided: ReportItem = { ...report, ...decision };
  try {
    await transact([
      {
        Update: {
          Key: keys.report(report.id),
          UpdateExpression: 'SET #status = :status, decidedBy = :by, note = :note, decidedAt = :at',
          ConditionExpression: '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': decision.status,
            ':by': decision.decidedBy,
            ':note': decision.note,
            ':at': decision.decidedAt,
            ':open': 'open',
          },
        },
      },
      { Delete: { Key: keys.reportQueueEntry('open', report.reportedAt, report.id) } },
      // The keys last: a report as read carries its own item's.
      { Put: { Item: { ...decided, ...keys.reportQueueEntry('decided', report.reportedAt, report.id) } } },
      ...(removedMessage
        ? [
            {
              Update: {
                Key: keys.message(removedMessage.conversationId, removedMessage.seq),
                UpdateExpression: 'SET moderationStatus = :rejected',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeValues: { ':rejected': 'rejected' },
              },
            },
          ]
        : []),
      auditPut(audit),
    ]);
    return true;
  } catch (error) {
    if (isCancelledTransaction(error)) return false;
    throw error;
  }
}
