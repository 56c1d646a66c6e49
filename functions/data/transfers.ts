import { type OwedTransfer, owedTransfer } from '../schemas/ledger';
import { type UpdateInput, deleteItem, isConditionFailure, queryAll, transact, updateIf, updateItem } from './dynamo';
import { keys } from './keys';
import type { SessionItem } from '../domain/session-item';
import { getSession } from './sessions';

export type TransferClaim =
  /** The transfer may be made now: the session is completed and no dispute was opened before this. */
  'claimed' | 'disputed' | 'transferred' | 'not_completed';

/**
 * Marks a completed session's transfer (or that of one support cancelled, which pays the coach what
 * it did not refund) as started, on condition no dispute is recorded on it (or
 * it was won), so a dispute is either recorded first (and blocks the transfer until it is won) or
 * finds the transfer started (and is alarmed, see {@link recordDispute}). Marking it again (a retry) keeps the first instant.
 */
export async function claimTransfer(sessionId: string, now: Date): Promise<TransferClaim> {
  const claimed = await updateIf(keys.session(sessionId), {
    UpdateExpression: 'SET transferStartedAt = if_not_exists(transferStartedAt, :now)',
    ConditionExpression:
      '(#status = :completed OR attribute_exists(supportCancellation)) AND (attribute_not_exists(disputeId) OR disputeOutcome = :won) AND (attribute_not_exists(transferId) OR transferId = :null)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':completed': 'completed',
      ':now': now.toISOString(),
      ':null': null,
      ':won': 'won',
    },
  });
  if (claimed !== null) return 'claimed';
  const session = await getSession(sessionId);
  if (session?.transferId) return 'transferred';
  if (session?.disputeId && session.disputeOutcome !== 'won') return 'disputed';
  return 'not_completed';
}

/** The item a transfer pays for: a completed session, or a plan invoice's payout (data/plan-payouts.ts). */
export type TransferItemKey = { pk: string; sk: string };

/**
 * The transfer was made: the session (or payout) keeps its id, and it is no longer owed (`owedId`:
 * the session's or payout's id among owed transfers).
 */
export async function recordTransfer(
  key: TransferItemKey,
  owedId: string,
  transferId: string,
  now: Date,
): Promise<void> {
  await transact([
    {
      Update: {
        Key: key,
        UpdateExpression: 'SET transferId = :transfer, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':transfer': transferId, ':now': now.toISOString() },
      },
    },
    { Delete: { Key: keys.owedTransfer(owedId) } },
  ]);
}

type Owed = Omit<OwedTransfer, 'since' | 'lastTriedAt'>;

const owedTransferUpdate = (owed: Owed, now: Date) =>
  ({
    UpdateExpression:
      'SET sessionId = :session, coachId = :coach, amountCents = :amount, currency = :currency, reason = :reason, since = if_not_exists(since, :now), lastTriedAt = :now',
    ExpressionAttributeValues: {
      ':session': owed.sessionId,
      ':coach': owed.coachId,
      ':amount': owed.amountCents,
      ':currency': owed.currency,
      ':reason': owed.reason,
      ':now': now.toISOString(),
    },
  }) satisfies UpdateInput;

/** A transfer that could not be made now: kept for the daily retry and for finance to see, since its first failure. */
export async function recordOwedTransfer(owed: Owed, now: Date): Promise<void> {
  await updateItem(keys.owedTransfer(owed.sessionId), owedTransferUpdate(owed, now));
}

/**
 * A try of the transfer that Stripe refused (or that failed): owed as {@link recordOwedTransfer},
 * and counted on the session (or payout) in the same write, so the next try goes under a new
 * idempotency key. A duplicate of the same try (a job delivered twice) finds it counted and writes nothing.
 */
export async function recordFailedTransfer(
  key: TransferItemKey,
  attempt: number,
  owed: Owed,
  now: Date,
): Promise<void> {
  try {
    await transact([
      {
        Update: {
          Key: key,
          UpdateExpression: 'SET transferAttempts = :attempt',
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(transferAttempts) OR transferAttempts < :attempt)',
          ExpressionAttributeValues: { ':attempt': attempt },
        },
      },
      { Update: { Key: keys.owedTransfer(owed.sessionId), ...owedTransferUpdate(owed, now) } },
    ]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** A transfer no longer owed: made meanwhile, or no longer due (its charge was disputed or refunded in full). */
export async function forgetOwedTransfer(sessionId: string): Promise<void> {
  await deleteItem(keys.owedTransfer(sessionId));
}

/** An owed transfer's amount lowered (its charge was partly refunded meanwhile); none is written when nothing is owed. */
export async function lowerOwedTransfer(sessionId: string, amountCents: number): Promise<void> {
  await updateIf(keys.owedTransfer(sessionId), {
    UpdateExpression: 'SET amountCents = :amount',
    ConditionExpression: 'attribute_exists(pk) AND amountCents > :amount',
    ExpressionAttributeValues: { ':amount': amountCents },
  });
}

/** Every transfer the platform owes, oldest first. */
export async function owedTransfers(): Promise<OwedTransfer[]> {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :partition',
    ExpressionAttributeValues: { ':partition': keys.owedTransfersPartition },
    ConsistentRead: true,
  });
  return items.map((item) => owedTransfer.parse(item)).sort((a, b) => a.since.localeCompare(b.since));
}

/**
 * Records a dispute of the charge that paid for a session (or a plan invoice) once, and answers
 * what it found: whether this is the first notice of it, and whether the coach's transfer had
 * already started (then the platform has paid out money the bank is taking back, which is alarmed).
 */
export async function recordDispute(
  key: TransferItemKey,
  disputeId: string,
): Promise<{ firstNotice: boolean; afterTransfer: boolean } | null> {
  const before = await updateIf<Pick<SessionItem, 'disputeId' | 'transferStartedAt' | 'transferId'>>(key, {
    UpdateExpression: 'SET disputeId = if_not_exists(disputeId, :dispute)',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':dispute': disputeId },
    ReturnValues: 'ALL_OLD',
  });
  if (!before) return null;
  return { firstNotice: !before.disputeId, afterTransfer: Boolean(before.transferStartedAt || before.transferId) };
}

/**
 * Records how the dispute closed (once, for the dispute the item records) and answers the item as
 * it is now; null when it records no such dispute.
 */
export async function recordDisputeOutcome<Item>(
  key: TransferItemKey,
  disputeId: string,
  outcome: 'won' | 'lost',
): Promise<Item | null> {
  return updateIf<Item>(key, {
    UpdateExpression: 'SET disputeOutcome = if_not_exists(disputeOutcome, :outcome)',
    ConditionExpression: 'disputeId = :dispute',
    ExpressionAttributeValues: { ':dispute': disputeId, ':outcome': outcome },
    ReturnValues: 'ALL_NEW',
  });
}
