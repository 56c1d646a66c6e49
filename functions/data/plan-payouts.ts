import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';
import { keys } from './keys';

/**
 * The coach's share of one paid plan invoice, owed to them when the month it paid for ends. Put
 * in the transaction that applies the invoice (data/subscriptions.ts), so the table's stream
 * schedules its transfer (workflows/booking/session-work.ts) even when the webhook dies right after.
 */
export interface PlanPayoutItem {
  /** `payout.<invoiceId>` (domain/plans.ts planPayoutId). */
  id: string;
  invoiceId: string;
  subscriptionId: string;
  coachId: string;
  menteeId: string;
  /** The invoice's amount less the plan's platform fee. */
  amountCents: number;
  /** The end of the month the invoice paid for: the transfer is due then. */
  periodEnd: string;
  createdAt: string;
  transferStartedAt?: string | null;
  transferId?: string | null;
  /** The invoice's charge was refunded (at Stripe, by an operator): nothing is transferred. */
  refundId?: string | null;
  disputeId?: string | null;
  disputeOutcome?: 'won' | 'lost' | null;
}

export async function getPlanPayout(invoiceId: string): Promise<PlanPayoutItem | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.planPayout(invoiceId), ConsistentRead: true }),
  );
  return (Item as PlanPayoutItem | undefined) ?? null;
}

/** The transaction item that puts a new payout (one per invoice: a second is refused). */
export const planPayoutPut = (payout: PlanPayoutItem) => ({
  Put: {
    TableName: tableName(),
    Item: { ...keys.planPayout(payout.invoiceId), ...payout },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export type PlanPayoutClaim = 'claimed' | 'transferred' | 'refunded' | 'disputed' | 'missing';

/**
 * Marks the payout's transfer as started, on condition its charge was neither refunded nor
 * disputed (unless the dispute was won) and it was not transferred: as a session's transfer claim
 * (data/transfers.ts), so a refund or dispute either comes first and blocks it, or finds it started.
 */
export async function claimPlanPayout(invoiceId: string, now: Date): Promise<PlanPayoutClaim> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.planPayout(invoiceId),
        UpdateExpression: 'SET transferStartedAt = if_not_exists(transferStartedAt, :now)',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(transferId) AND attribute_not_exists(refundId) AND (attribute_not_exists(disputeId) OR disputeOutcome = :won)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':won': 'won' },
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  const payout = await getPlanPayout(invoiceId);
  if (!payout) return 'missing';
  if (payout.transferId) return 'transferred';
  if (payout.refundId) return 'refunded';
  return 'disputed';
}

/**
 * Records that the invoice's charge was refunded (once) and answers whether the coach's transfer
 * had started by then; null when the invoice has no payout of ours.
 */
export async function recordPlanPayoutRefund(
  invoiceId: string,
  refundId: string,
): Promise<{ afterTransfer: boolean } | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.planPayout(invoiceId),
        UpdateExpression: 'SET refundId = if_not_exists(refundId, :refund)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':refund': refundId },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const before = Attributes as PlanPayoutItem;
    return { afterTransfer: Boolean(before.transferStartedAt || before.transferId) };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return null;
    throw error;
  }
}
