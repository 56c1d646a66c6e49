import { DomainError } from '../domain/errors';
import type { Credits, SubscriptionState } from '../domain/plans';
import {
  getItem,
  isCancelledTransaction,
  queryIndexPartition,
  type TableWrite,
  transact,
  updateIf,
  updateItem,
} from './dynamo';
import { keys } from './keys';
import { type PlanPayoutItem, planPayoutPut } from './plan-payouts';
import { tableSchema } from './table-schema';

/**
 * A mentee's subscription to a coach's plan (pk SUBSCRIPTION#id; gsi1 by coach, gsi2 by mentee).
 * The plan's terms are copied at subscribing: the price Stripe bills does not change with the plan.
 */
export interface SubscriptionItem extends SubscriptionState {
  id: string;
  coachId: string;
  menteeId: string;
  priceCents: number;
  platformFeeCents: number;
  sessionsPerMonth: number;
  sessionMinutes: 30 | 60;
  stripeSubscriptionId?: string | null;
  checkoutId?: string | null;
  /** Where that Checkout is paid: a second Subscribe while it is open goes back to it. */
  checkoutUrl?: string | null;
  credits?: Credits | null;
  /**
   * The running month's unused credits refunded when the coach ended the plan (domain/plans.ts
   * unusedCreditsRefund): decided with the ending, then made at Stripe (`refundId`) under its own key.
   */
  creditRefund?: CreditRefund | null;
  /** The paid invoices whose payout is written (data/plan-payouts.ts), so each gets one. */
  payoutInvoices?: string[];
  /** Bumped by every state or credit grant, which are written on condition it is still the one read. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface CreditRefund {
  invoiceId: string;
  credits: number;
  amountCents: number;
  requestedAt: string;
  refundId?: string | null;
}

export async function getSubscription(subscriptionId: string): Promise<SubscriptionItem | null> {
  return getItem<SubscriptionItem>(keys.subscription(subscriptionId), { ConsistentRead: true });
}

/**
 * Stores a new (incomplete) subscription and claims the pair for it, in one transaction: a pair
 * whose subscription is live (or being paid for) refuses a second one. One that was never paid or
 * has ended lets a new one take its place.
 */
export async function createSubscription(subscription: SubscriptionItem): Promise<void> {
  try {
    await transact([
      {
        Put: {
          Item: { ...keys.subscription(subscription.id), ...keys.subscriptionIndexes(subscription), ...subscription },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          Item: {
            ...keys.planOfPair(subscription.menteeId, subscription.coachId),
            subscriptionId: subscription.id,
            status: subscription.status,
            createdAt: subscription.createdAt,
          },
          ConditionExpression:
            'attribute_not_exists(pk) OR #status = :canceled OR (#status = :incomplete AND createdAt < :stale)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':canceled': 'canceled',
            ':incomplete': 'incomplete',
            // An unpaid checkout lapses after Stripe's 24 hours; until then the pair waits for it.
            ':stale': new Date(Date.parse(subscription.createdAt) - 24 * 60 * 60_000).toISOString(),
          },
        },
      },
    ]);
  } catch (error) {
    if (isCancelledTransaction(error)) {
      throw new DomainError('ALREADY_SUBSCRIBED', 'You already have a plan with this mentor.');
    }
    throw error;
  }
}

export async function recordSubscriptionCheckout(
  subscriptionId: string,
  checkout: { checkoutId: string; url: string },
): Promise<void> {
  await updateItem(keys.subscription(subscriptionId), {
    UpdateExpression: 'SET checkoutId = :checkout, checkoutUrl = :url',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':checkout': checkout.checkoutId, ':url': checkout.url },
  });
}

/** The subscription that holds a mentee and coach's pair while its Checkout is unpaid, if one does. */
export async function unpaidSubscriptionOfPair(menteeId: string, coachId: string): Promise<SubscriptionItem | null> {
  const pair = await getItem(keys.planOfPair(menteeId, coachId), { ConsistentRead: true });
  if (pair?.status !== 'incomplete' || typeof pair.subscriptionId !== 'string') return null;
  const subscription = await getSubscription(pair.subscriptionId);
  return subscription?.status === 'incomplete' ? subscription : null;
}

export interface SubscriptionChange {
  state?: SubscriptionState;
  credits?: Credits;
  stripeSubscriptionId?: string;
  /** A paid invoice's payout, put in the same transaction (once: its invoice joins `payoutInvoices`). */
  payout?: PlanPayoutItem;
  creditRefund?: CreditRefund;
}

const MAX_CHANGE_ATTEMPTS = 5;

/**
 * Reads the subscription, lets `decide` say what changes (null: nothing), and writes that on
 * condition nothing else changed it meanwhile (its version), with its pair's status when the
 * status moves; a lost race is read and decided again. Answers the item as written, or as read
 * when nothing changed.
 */
export async function changeSubscription(
  subscriptionId: string,
  now: Date,
  decide: (subscription: SubscriptionItem) => SubscriptionChange | null,
): Promise<SubscriptionItem | null> {
  for (let attempt = 1; ; attempt++) {
    const subscription = await getSubscription(subscriptionId);
    if (!subscription) return null;
    const change = decide(subscription);
    if (!change) return subscription;
    const next: SubscriptionItem = {
      ...subscription,
      ...change.state,
      ...(change.credits ? { credits: change.credits } : {}),
      ...(change.stripeSubscriptionId && !subscription.stripeSubscriptionId
        ? { stripeSubscriptionId: change.stripeSubscriptionId }
        : {}),
      ...(change.payout ? { payoutInvoices: [...(subscription.payoutInvoices ?? []), change.payout.invoiceId] } : {}),
      ...(change.creditRefund ? { creditRefund: change.creditRefund } : {}),
      version: subscription.version + 1,
      updatedAt: now.toISOString(),
    };
    const pairKey = keys.planOfPair(subscription.menteeId, subscription.coachId);
    const pair = next.status !== subscription.status ? await pairOwnedBy(pairKey, subscription.id) : false;
    try {
      await transact([
        {
          Update: {
            Key: keys.subscription(subscriptionId),
            UpdateExpression:
              'SET #status = :status, currentPeriodEnd = :periodEnd, cancelAtPeriodEnd = :cancel, stateAt = :stateAt, credits = :credits, stripeSubscriptionId = :stripeId, payoutInvoices = :payouts, creditRefund = :creditRefund, version = :next, updatedAt = :now',
            ConditionExpression: 'version = :version',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':status': next.status,
              ':periodEnd': next.currentPeriodEnd,
              ':cancel': next.cancelAtPeriodEnd,
              ':stateAt': next.stateAt,
              ':credits': next.credits ?? null,
              ':stripeId': next.stripeSubscriptionId ?? null,
              ':payouts': next.payoutInvoices ?? [],
              ':creditRefund': next.creditRefund ?? null,
              ':next': next.version,
              ':version': subscription.version,
              ':now': next.updatedAt,
            },
          },
        },
        ...(change.payout ? [planPayoutPut(change.payout)] : []),
        ...(pair
          ? [
              {
                Update: {
                  Key: pairKey,
                  UpdateExpression: 'SET #status = :status',
                  ConditionExpression: 'subscriptionId = :id',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':status': next.status, ':id': subscription.id },
                },
              },
            ]
          : []),
      ]);
      return next;
    } catch (error) {
      if (!isCancelledTransaction(error) || attempt >= MAX_CHANGE_ATTEMPTS) throw error;
    }
  }
}

async function pairOwnedBy(key: { pk: string; sk: string }, subscriptionId: string): Promise<boolean> {
  const pair = await getItem(key, { ConsistentRead: true });
  return pair?.subscriptionId === subscriptionId;
}

/** The credit refund was made at Stripe: its id is kept, once. */
export async function recordCreditRefund(subscriptionId: string, refundId: string, now: Date): Promise<void> {
  await updateIf(keys.subscription(subscriptionId), {
    UpdateExpression: 'SET creditRefund.refundId = :refund, updatedAt = :now',
    ConditionExpression: 'attribute_exists(creditRefund) AND creditRefund.refundId = :null',
    ExpressionAttributeValues: { ':refund': refundId, ':now': now.toISOString(), ':null': null },
  });
}

/**
 * The transaction item that spends one credit of the period read, for a booking's transaction:
 * it fails when the plan is no longer active, the credits are used up or lapsed, or a new period's
 * credits replaced them meanwhile.
 */
export const creditSpend = (subscription: SubscriptionItem, credits: Credits, now: Date): TableWrite => ({
  Update: {
    Key: keys.subscription(subscription.id),
    UpdateExpression: 'SET credits.used = credits.used + :one',
    ConditionExpression:
      '#status = :active AND menteeId = :mentee AND credits.periodEnd = :periodEnd AND credits.used < credits.granted AND credits.periodEnd > :now',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':one': 1,
      ':active': 'active',
      ':mentee': subscription.menteeId,
      ':periodEnd': credits.periodEnd,
      ':now': now.toISOString(),
    },
  },
});

/** The transaction item that gives a cancelled session's credit back to the period it was spent from. */
export const creditReturn = (subscriptionId: string, periodEnd: string): TableWrite => ({
  Update: {
    Key: keys.subscription(subscriptionId),
    UpdateExpression: 'SET credits.used = credits.used - :one',
    ConditionExpression: 'credits.periodEnd = :periodEnd AND credits.used > :zero',
    ExpressionAttributeValues: { ':one': 1, ':zero': 0, ':periodEnd': periodEnd },
  },
});

/**
 * The caller's subscriptions, as mentee and as coach, oldest first: two index queries for the ids,
 * then each read consistently, since an index may lag the webhook's last write.
 */
export async function subscriptionsOf(userId: string): Promise<SubscriptionItem[]> {
  const [asCoach, asMentee] = await Promise.all([
    queryIndexPartition<SubscriptionItem>(tableSchema.indexes.byOwner, keys.coachPlansPartition(userId)),
    queryIndexPartition<SubscriptionItem>(tableSchema.indexes.byParty, keys.menteePlansPartition(userId)),
  ]);
  const found = await Promise.all([...asCoach, ...asMentee].map((listed) => getSubscription(listed.id)));
  return found
    .filter((item): item is SubscriptionItem => item !== null)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
