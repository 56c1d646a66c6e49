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
  /** Stripe's running total refunded of the invoice's charge (refunds are made at Stripe, by an operator). */
  refundedCents?: number | null;
  /** What those refunds took of the coach's share (domain/fees.ts refundSplit): the transfer is that much less. */
  refundedCoachCents?: number | null;
  /** A refund recorded by id alone, before refunds were recorded by amount: nothing is transferred. */
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

export type PlanPayoutClaim =
  | { claim: 'claimed'; payout: PlanPayoutItem }
  | { claim: 'transferred' | 'refunded' | 'disputed' | 'missing' };

/**
 * Marks the payout's transfer as started, on condition its charge was not disputed (unless the
 * dispute was won) and it was not transferred: as a session's transfer claim (data/transfers.ts),
 * so a refund or dispute either comes first and counts (a refund lowers what is transferred, a
 * dispute blocks it) or finds it started. Answers the payout as claimed: its amount is final then.
 */
export async function claimPlanPayout(invoiceId: string, now: Date): Promise<PlanPayoutClaim> {
  const claimed = await updateIf<PlanPayoutItem>(keys.planPayout(invoiceId), {
    UpdateExpression: 'SET transferStartedAt = if_not_exists(transferStartedAt, :now)',
    ConditionExpression:
      'attribute_exists(pk) AND attribute_not_exists(transferId) AND attribute_not_exists(refundId) AND (attribute_not_exists(disputeId) OR disputeOutcome = :won)',
    ExpressionAttributeValues: { ':now': now.toISOString(), ':won': 'won' },
    ReturnValues: 'ALL_NEW',
  });
  if (claimed !== null) return { claim: 'claimed', payout: claimed };
  const payout = await getPlanPayout(invoiceId);
  if (!payout) return { claim: 'missing' };
  if (payout.transferId) return { claim: 'transferred' };
  if (payout.refundId) return { claim: 'refunded' };
  return { claim: 'disputed' };
}

/** A refund of the invoice's charge as the payout records it: Stripe's running total, and the coach's part of it. */
export interface PlanPayoutRefund {
  refundedCents: number;
  refundedCoachCents: number;
}

/**
 * Records a refund of the invoice's charge by Stripe's running total, which only grows: a
 * redelivered or older `charge.refunded` finds a larger total recorded and changes nothing. Answers
 * the payout as the refund left it and whether the coach's transfer had started by then; null when
 * the invoice has no payout of ours.
 */
export async function recordPlanPayoutRefund(
  invoiceId: string,
  refund: PlanPayoutRefund,
): Promise<{ payout: PlanPayoutItem; afterTransfer: boolean } | null> {
  const after = await updateIf<PlanPayoutItem>(keys.planPayout(invoiceId), {
    UpdateExpression: 'SET refundedCents = :refunded, refundedCoachCents = :coach',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(refundedCents) OR refundedCents < :refunded)',
    ExpressionAttributeValues: { ':refunded': refund.refundedCents, ':coach': refund.refundedCoachCents },
    ReturnValues: 'ALL_NEW',
  });
  const payout = after ?? (await getPlanPayout(invoiceId));
  if (!payout) return null;
  return { payout, afterTransfer: Boolean(payout.transferStartedAt || payout.transferId) };
}
