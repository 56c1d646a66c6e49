import type { AuditEntry } from '../domain/audit';
import type { SessionItem } from '../domain/session-item';
import { CANCELLABLE_STATUSES } from '../domain/cancellation';
import { auditPut } from './audit';
import { isCancelledTransaction, queryAll, type TableWrite, transact } from './dynamo';
import { keys } from './keys';
import { tableSchema } from './table-schema';

/** One transaction: the profile change, on its condition, and its audit entry. False when the condition failed. */
async function withAudit(profileChange: TableWrite, audit: AuditEntry): Promise<boolean> {
  try {
    await transact([profileChange, auditPut(audit)]);
    return true;
  } catch (error) {
    if (isCancelledTransaction(error)) return false;
    throw error;
  }
}

/**
 * Marks the user suspended and, a mentor, unpublished (out of the directory index in the same
 * write), with its audit entry; false when they are suspended already (or have no profile).
 */
export const storeSuspension = (userId: string, reason: string, audit: AuditEntry) =>
  withAudit(
    {
      Update: {
        Key: keys.profile(userId),
        UpdateExpression:
          'SET suspendedAt = :at, suspendedReason = :reason, published = :false, updatedAt = :at REMOVE dirpk, dirsk',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(suspendedAt)',
        ExpressionAttributeValues: { ':at': audit.at, ':reason': reason, ':false': false },
      },
    },
    audit,
  );

/** Lifts the suspension (publication stays off), with its audit entry; false when the user is not suspended. */
export const storeUnsuspension = (userId: string, audit: AuditEntry) =>
  withAudit(
    {
      Update: {
        Key: keys.profile(userId),
        UpdateExpression: 'SET updatedAt = :at REMOVE suspendedAt, suspendedReason',
        ConditionExpression: 'attribute_exists(suspendedAt)',
        ExpressionAttributeValues: { ':at': audit.at },
      },
    },
    audit,
  );

/** The coach's sessions that start after `now`, held (confirmed or scheduled) or awaiting payment, from gsi1. */
export function upcomingSessionsOfCoach(coachId: string, now: Date): Promise<SessionItem[]> {
  const { name, partitionKey, sortKey } = tableSchema.indexes.byOwner;
  return queryAll<SessionItem>({
    IndexName: name,
    KeyConditionExpression: '#pk = :pk AND #sk > :now',
    FilterExpression: '#status IN (:confirmed, :scheduled, :pending)',
    ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey, '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': keys.coachSessionsPartition(coachId),
      ':now': now.toISOString(),
      ':confirmed': CANCELLABLE_STATUSES[0],
      ':scheduled': CANCELLABLE_STATUSES[1],
      ':pending': 'pending_payment',
    },
  });
}
