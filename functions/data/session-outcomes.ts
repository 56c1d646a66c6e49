import { auditEntry } from '../domain/audit';
import type { GivenBack } from '../domain/cancellation';
import type { SessionItem } from '../domain/session-item';
import type { DecidedOutcome, OutcomeReportEntry, OutcomeResolution } from '../domain/session-outcome';
import { auditPut } from './audit';
import { isCancelledTransaction, queryAll, type TableWrite, transact } from './dynamo';
import { keys } from './keys';
import { refundRequestUpdate } from './refunds';
import { freeConsultationRelease } from './sessions';
import { creditReturn } from './subscriptions';

/** What an outcome gives the mentee back: a refund of this much of the payment, a plan credit, a free consultation. */
export interface MenteeReturn extends GivenBack {
  refundCents: number;
}

/** The writes that give the mentee back what `given` says, beside the session's own update (its refund request). */
function returnWrites(session: SessionItem, given: MenteeReturn | null, now: Date) {
  const refund =
    given && given.refundCents > 0 && session.paymentIntentId
      ? refundRequestUpdate({ paymentIntentId: session.paymentIntentId, amountCents: given.refundCents }, now)
      : null;
  const writes: TableWrite[] = [
    ...(given?.freeConsultation ? [freeConsultationRelease(session)] : []),
    ...(given?.planCredit ? [creditReturn(given.planCredit.subscriptionId, given.planCredit.periodEnd)] : []),
  ];
  return { refund, writes };
}

const noShowPut = (session: SessionItem, at: string): TableWrite => ({
  Put: { Item: { ...keys.mentorNoShow(session.coachId, at, session.id), sessionId: session.id, at } },
});

/**
 * Stores the reports as decided on `session` as read, on condition nobody changed its reports (or
 * decided it) since: false when someone did, to read and decide again. A decided outcome is written
 * with what it gives back (a refund request, which the stream starts; a plan credit; a free
 * consultation) and, for a mentor no-show, the coach's no-show record, in one transaction.
 */
export async function storeOutcome(
  session: SessionItem,
  reports: OutcomeReportEntry[],
  outcome: DecidedOutcome | null,
  given: MenteeReturn | null,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const { refund, writes } = returnWrites(session, given, now);
  const seen = session.outcomeVersion ?? 0;
  // A dispute waits in the sparse disputes index (support's queue) until it is resolved.
  const dispute = outcome === 'disputed' ? keys.openDispute(session.id, at) : null;
  try {
    await transact([
      {
        Update: {
          Key: keys.session(session.id),
          UpdateExpression: `SET outcomeReports = :reports, outcomeVersion = :next, updatedAt = :now${outcome ? ', outcome = :outcome, outcomeAt = :now' : ''}${dispute ? ', supportpk = :supportpk, supportsk = :supportsk' : ''}${refund ? `, ${refund.expression}` : ''}`,
          ConditionExpression:
            'attribute_exists(pk) AND attribute_not_exists(outcome) AND (attribute_not_exists(outcomeVersion) OR outcomeVersion = :seen)',
          ExpressionAttributeValues: {
            ':reports': reports,
            ':next': seen + 1,
            ':seen': seen,
            ':now': at,
            ...(outcome ? { ':outcome': outcome } : {}),
            ...(dispute ? { ':supportpk': dispute.supportpk, ':supportsk': dispute.supportsk } : {}),
            ...refund?.values,
          },
        },
      },
      ...writes,
      ...(outcome === 'mentor_no_show' ? [noShowPut(session, at)] : []),
    ]);
    return true;
  } catch (error) {
    if (isCancelledTransaction(error)) return false;
    throw error;
  }
}

/**
 * Support's resolution of a disputed session, once, with what it gives the mentee back and the
 * staff action's audit record, in one transaction; false when it was resolved already.
 */
export async function storeResolution(
  session: SessionItem,
  resolution: OutcomeResolution,
  given: MenteeReturn | null,
  now: Date,
): Promise<boolean> {
  const { refund, writes } = returnWrites(session, given, now);
  try {
    await transact([
      {
        Update: {
          Key: keys.session(session.id),
          UpdateExpression: `SET resolution = :resolution, updatedAt = :now${refund ? `, ${refund.expression}` : ''} REMOVE supportpk, supportsk`,
          ConditionExpression: 'outcome = :disputed AND attribute_not_exists(resolution)',
          ExpressionAttributeValues: {
            ':resolution': resolution,
            ':disputed': 'disputed',
            ':now': now.toISOString(),
            ...refund?.values,
          },
        },
      },
      ...writes,
      auditPut(
        auditEntry(
          {
            actor: resolution.by,
            action: 'resolve_session',
            subject: `session:${session.id}`,
            reason: resolution.note,
            before: { outcome: session.outcome },
            after: { resolution: resolution.resolution, refundCents: resolution.refundCents ?? null },
          },
          new Date(resolution.at),
        ),
      ),
    ]);
    return true;
  } catch (error) {
    if (isCancelledTransaction(error)) return false;
    throw error;
  }
}

/** When each of the coach's mentor no-shows since `since` was decided. */
export async function mentorNoShowsSince(coachId: string, since: Date): Promise<string[]> {
  const items = await queryAll<{ at: string }>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': keys.userPartition(coachId),
      ':from': `${keys.mentorNoShowPrefix}${since.toISOString()}`,
      ':to': `${keys.mentorNoShowPrefix}~`,
    },
    ConsistentRead: true,
  });
  return items.map((item) => item.at);
}
