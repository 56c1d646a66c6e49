import { randomUUID } from 'node:crypto';
import type { ProfileItem } from '../../domain/profile-item';
import { getProfile } from '../../data/profiles';
import {
  changeSubscription,
  type CreditRefund,
  createSubscription,
  getSubscription,
  recordCreditRefund,
  recordSubscriptionCheckout,
  type SubscriptionItem,
  subscriptionsOf,
  unpaidSubscriptionOfPair,
} from '../../data/subscriptions';
import { DomainError } from '../../domain/errors';
import { platformFee } from '../../domain/fees';
import { planEndingEmail, planSummary, unusedCreditsRefund } from '../../domain/plans';
import { feeRule } from '../../runtime/fee-rule';
import { log } from '../../runtime/log';
import { siteOrigin } from '../../runtime/site';
import { nameWithCredentials } from '../../domain/display-name';
import { mailer } from '../../runtime/ports/mailer';
import { payments } from '../../runtime/ports/payments';

/**
 * `POST /api/subscriptions`: an incomplete subscription to the coach's active plan, and Stripe
 * Checkout in subscription mode to pay its first month; the webhook makes it active. A mentee who
 * left that Checkout unpaid and subscribes again goes back to it (`resumed`): it holds the pair
 * until it lapses, and the page they left said they had not subscribed.
 */
export async function subscribe(menteeId: string, coachId: string, now: Date) {
  const [coach, mentee] = await Promise.all([getProfile(coachId), getProfile(menteeId)]);
  if (coach?.userType !== 'mentor') throw new DomainError('NOT_FOUND', 'This mentor does not exist.');
  if (!mentee) throw new DomainError('NOT_FOUND', 'Finish creating your profile first.');
  if (coachId === menteeId) throw new DomainError('FORBIDDEN', 'You cannot subscribe to your own plan.');
  const plan = coach.plan;
  if (!plan?.active || !coach.published || !(coach.stripeAccountId && coach.stripeOnboardingComplete)) {
    throw new DomainError('FORBIDDEN', 'This mentor does not offer a monthly plan.');
  }
  const subscription: SubscriptionItem = {
    id: randomUUID(),
    coachId,
    menteeId,
    status: 'incomplete',
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    stateAt: null,
    priceCents: plan.monthlyPriceCents,
    platformFeeCents: platformFee(plan.monthlyPriceCents, feeRule()),
    sessionsPerMonth: plan.sessionsPerMonth,
    sessionMinutes: plan.sessionMinutes,
    credits: null,
    version: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  try {
    await createSubscription(subscription);
  } catch (error) {
    const unpaid =
      error instanceof DomainError && error.code === 'ALREADY_SUBSCRIBED'
        ? await unpaidSubscriptionOfPair(menteeId, coachId)
        : null;
    if (!unpaid?.checkoutUrl) throw error;
    return { resumed: true, subscription: unpaid, coach, checkoutUrl: unpaid.checkoutUrl };
  }
  try {
    const { checkoutId, url } = await payments().createSubscriptionCheckout({
      subscriptionId: subscription.id,
      amountCents: subscription.priceCents,
      description: `${planSummary(plan)} with ${nameWithCredentials(coach)}`,
      customerEmail: mentee.email,
      // The session's payment result pages, which tell a plan by its own parameter.
      successUrl: `${siteOrigin()}/payment-success?subscription_id=${subscription.id}`,
      cancelUrl: `${siteOrigin()}/payment-cancelled?subscription_id=${subscription.id}`,
    });
    await recordSubscriptionCheckout(subscription.id, { checkoutId, url });
    return { resumed: false, subscription, coach, checkoutUrl: url };
  } catch (error) {
    log('error', 'subscription checkout could not be started; releasing the pair', {
      subscriptionId: subscription.id,
      error: String(error),
    });
    await changeSubscription(subscription.id, now, (current) => ({ state: { ...current, status: 'canceled' } }));
    throw error;
  }
}

/**
 * `POST /api/subscriptions/{id}/cancel`: either party ends the plan when its paid period does.
 * Ended by the mentee, the credits stay until then. Ended by the coach, the month's unused credits
 * are taken back in the same write and refunded pro rata (domain/plans.ts unusedCreditsRefund),
 * so a coach can end a plan, and later delete their account, without keeping money for sessions
 * they will not hold; the sessions already booked stay. Stripe's `customer.subscription.updated`
 * confirms the ending, its `charge.refunded` puts the refund in the ledger.
 */
export async function cancelAtPeriodEnd(userId: string, subscriptionId: string, now: Date) {
  const subscription = await getSubscription(subscriptionId);
  if (!subscription || (subscription.menteeId !== userId && subscription.coachId !== userId)) {
    throw new DomainError('NOT_FOUND', 'No such plan.');
  }
  const byCoach = userId === subscription.coachId;
  if (subscription.status === 'canceled' || subscription.cancelAtPeriodEnd) {
    // The coach's ending was written, but its refund not made (Stripe failed): asking again makes it.
    if (byCoach && subscription.creditRefund && !subscription.creditRefund.refundId) {
      await finishCoachEnding(subscription, subscription.creditRefund, now);
    }
    return withOtherParty(subscription, userId);
  }
  if (!subscription.stripeSubscriptionId)
    throw new DomainError('PLAN_NOT_PAID', 'This plan has not been paid for yet.');
  await payments().cancelSubscriptionAtPeriodEnd(subscription.stripeSubscriptionId);
  const changed = await changeSubscription(subscriptionId, now, (current) => {
    if (current.cancelAtPeriodEnd || current.status === 'canceled') return null;
    const state = { ...current, cancelAtPeriodEnd: true };
    const refund = byCoach ? unusedCreditsRefund(current.credits, current.priceCents, now) : null;
    if (!refund || !current.credits) return { state };
    return {
      state,
      credits: { ...current.credits, granted: current.credits.used },
      creditRefund: { invoiceId: current.credits.invoiceId, ...refund, requestedAt: now.toISOString(), refundId: null },
    };
  });
  if (byCoach && changed) await finishCoachEnding(changed, changed.creditRefund ?? null, now);
  return withOtherParty(changed ?? subscription, userId);
}

/**
 * After the coach's ending is written: the unused credits' refund at Stripe, under a key of its
 * own (once, however often it is asked for), then the mentee's e-mail saying so.
 */
async function finishCoachEnding(subscription: SubscriptionItem, refund: CreditRefund | null, now: Date) {
  if (refund && !refund.refundId) {
    const refundId = await payments().refundInvoicePart(
      refund.invoiceId,
      refund.amountCents,
      `refund-credits-${refund.invoiceId}`,
    );
    await recordCreditRefund(subscription.id, refundId, now);
  }
  await tellMenteePlanEnds(subscription, refund);
}

async function tellMenteePlanEnds(subscription: SubscriptionItem, refund: CreditRefund | null): Promise<void> {
  const [mentee, coach] = await Promise.all([getProfile(subscription.menteeId), getProfile(subscription.coachId)]);
  if (!mentee?.email || !coach || !subscription.currentPeriodEnd) return;
  await mailer().send(
    planEndingEmail({
      to: mentee.email,
      coachName: nameWithCredentials(coach),
      periodEnd: subscription.currentPeriodEnd,
      refund: refund && { credits: refund.credits, amountCents: refund.amountCents },
    }),
  );
}

/** A subscription and the profile of its other party, as the viewer's answer shows them. */
interface SubscriptionOfParty {
  subscription: SubscriptionItem;
  other: ProfileItem | null;
}

async function withOtherParty(subscription: SubscriptionItem, viewerId: string): Promise<SubscriptionOfParty> {
  const other = await getProfile(subscription.coachId === viewerId ? subscription.menteeId : subscription.coachId);
  return { subscription, other };
}

/** `GET /api/me/subscriptions`: the caller's plans as mentee and as coach, never one still unpaid. */
export async function mySubscriptions(userId: string): Promise<SubscriptionOfParty[]> {
  const listed = (await subscriptionsOf(userId)).filter((subscription) => subscription.status !== 'incomplete');
  return Promise.all(listed.map((subscription) => withOtherParty(subscription, userId)));
}
