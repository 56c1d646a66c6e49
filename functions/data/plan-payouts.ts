import { getItem, type TableWrite, updateIf } from './dynamo';
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
  transferAttempts?: number;
  /** The invoice's charge was refunded (at Stripe, by an operator): nothing is transferred. */
  refundId?: string | null;
  disputeId?: string | null;
  disputeOutcome?: 'won' | 'lost' | null;
}

export async function getPlanPayout(invoiceId: string): Promise<PlanPayoutItem | null> {
  return getItem<PlanPayoutItem>(keys.planPayout(invoiceId), { ConsistentRead: true });
}

/** The transaction item that puts a new payout (one per invoice: a second is refused). */
export const planPayoutPut = (payout: PlanPayoutItem): TableWrite => ({
  Put: {
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
  const claimed = await updateIf(keys.planPayout(invoiceId), {
    UpdateExpression: 'SET transferStartedAt = if_not_exists(transferStartedAt, :now)',
    ConditionExpression:
      'attribute_exists(pk) AND attribute_not_exists(transferId) AND attribute_not_exists(refundId) AND (attribute_not_exists(disputeId) OR disputeOutcome = :won)',
    ExpressionAttributeValues: { ':now': now.toISOString(), ':won': 'won' },
  });
  if (claimed !== null) return 'claimed';
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
  const before = await updateIf<PlanPayoutItem>(keys.planPayout(invoiceId), {
    UpdateExpression: 'SET refundId = if_not_exists(refundId, :refund)',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':refund': refundId },
    ReturnValues: 'ALL_OLD',
  });
  return before ? { afterTransfer: Boolean(before.transferStartedAt || before.transferId) } : null;
}
