import { getProfile } from '../../data/profiles';
import type { PlanPayoutItem } from '../../data/plan-payouts';
import { changeSubscription, getSubscription, type SubscriptionItem } from '../../data/subscriptions';
import { subscriptionPaymentEntry } from '../../domain/ledger';
import {
  applySubscriptionFacts,
  creditsForInvoice,
  invoiceEndedBy,
  paymentFailedEmail,
  planPayoutId,
  subscriptionStatusOf,
} from '../../domain/plans';
import { log } from '../../runtime/log';
import { siteOrigin } from '../../runtime/site';
import { recordPayment } from '../payments/money-events';
import { fullName } from '../../domain/display-name';
import type { LedgerEntry } from '../../schemas/ledger';
import type { Payments, SubscriptionEvent } from '../../domain/ports';
import { jobs } from '../../runtime/ports/jobs';
import { mailer } from '../../runtime/ports/mailer';

/*
 * A subscription's provider events, one function each (workflows/payments/apply-payment-event.ts
 * picks it). Each is idempotent by itself (a paid invoice's credits and ledger entries are keyed by
 * the invoice), and events may come in any order: the state keeps the newest event's word, and
 * `canceled` is final (domain/plans.ts).
 */

type EventOf<K extends SubscriptionEvent['kind']> = Extract<SubscriptionEvent, { kind: K }>;

/** The subscription's Checkout completed: the Stripe subscription it made is ours. */
export async function recordStripeSubscription(
  event: EventOf<'subscriptionCheckoutCompleted'>,
  now: Date,
): Promise<void> {
  await changeSubscription(event.subscriptionId, now, (subscription) =>
    subscription.stripeSubscriptionId ? null : { stripeSubscriptionId: event.stripeSubscriptionId },
  );
}

/**
 * A paid invoice: its payment in the ledger, the month's credits, the coach's payout, and the
 * payout of the month it ended. Answers with the ledger entries this delivery added.
 */
export async function applyPaidInvoice(
  deps: { payments: Payments },
  event: EventOf<'invoicePaid'>,
  now: Date,
): Promise<LedgerEntry[]> {
  const ledger = await recordInvoicePayment(deps.payments, event);
  let ended: string | null = null;
  await changeSubscription(event.subscriptionId, now, (subscription) => {
    ended = invoiceEndedBy(subscription.credits, event.at);
    const state = applySubscriptionFacts(subscription, {
      at: event.at,
      status: 'active',
      currentPeriodEnd: event.periodEnd,
    });
    const credits = creditsForInvoice(subscription.credits, event, subscription.sessionsPerMonth);
    const payout = payoutOf(subscription, event, now);
    if (!state && !credits && !payout && subscription.stripeSubscriptionId) return null;
    return {
      ...(state ? { state } : {}),
      ...(credits ? { credits } : {}),
      ...(payout ? { payout } : {}),
      stripeSubscriptionId: event.stripeSubscriptionId,
    };
  });
  await startPayoutOf(ended);
  return ledger;
}

/** A renewal's payment failed: the plan is past due (its mentee told once), and the month it ended is paid out. */
export async function applyFailedInvoice(event: EventOf<'invoicePaymentFailed'>, now: Date): Promise<void> {
  let movedToPastDue = false;
  const subscription = await changeSubscription(event.subscriptionId, now, (current) => {
    const state = applySubscriptionFacts(current, { at: event.at, status: 'past_due' });
    movedToPastDue = state?.status === 'past_due' && current.status !== 'past_due';
    return state ? { state, stripeSubscriptionId: event.stripeSubscriptionId } : null;
  });
  if (subscription && movedToPastDue) await mailPaymentFailed(subscription.menteeId, subscription.coachId, event);
  await startPayoutOf(invoiceEndedBy(subscription?.credits, event.at));
}

/** Stripe's word on the subscription (created, updated, deleted): its state, and the month it ended paid out. */
export async function applySubscriptionChange(event: EventOf<'subscriptionChanged'>, now: Date): Promise<void> {
  const subscription = await changeSubscription(event.subscriptionId, now, (current) => {
    const state = applySubscriptionFacts(current, {
      at: event.at,
      status: subscriptionStatusOf(event.status),
      currentPeriodEnd: event.currentPeriodEnd,
      cancelAtPeriodEnd: event.cancelAtPeriodEnd,
    });
    return state ? { state, stripeSubscriptionId: event.stripeSubscriptionId } : null;
  });
  await startPayoutOf(invoiceEndedBy(subscription?.credits, event.at));
}

/**
 * The payout of a paid invoice not yet given one: the coach's share (the invoice less the plan's
 * platform fee, fees.ts's rule fixed at subscribing, as the ledger's payment entry has it), due when
 * the month it paid for ends. A late invoice of an older month gets one too: its month was paid for.
 */
function payoutOf(subscription: SubscriptionItem, invoice: EventOf<'invoicePaid'>, now: Date): PlanPayoutItem | null {
  const amountCents = invoice.amountCents - subscription.platformFeeCents;
  if (amountCents <= 0 || subscription.payoutInvoices?.includes(invoice.invoiceId)) return null;
  return {
    id: planPayoutId(invoice.invoiceId),
    invoiceId: invoice.invoiceId,
    subscriptionId: subscription.id,
    coachId: subscription.coachId,
    menteeId: subscription.menteeId,
    amountCents,
    periodEnd: invoice.periodEnd,
    createdAt: now.toISOString(),
  };
}

/**
 * Stripe's word that a month ended (its renewal, a failed renewal, the end at period end) pays the
 * coach for it now; the schedule at the month's end (workflows/booking/session-work.ts) does when no event comes.
 */
async function startPayoutOf(invoiceId: string | null): Promise<void> {
  if (invoiceId) await jobs().start('completeSession', planPayoutId(invoiceId));
}

/** The invoice's payment and Stripe's processing fee of its charge, each appended once: answers those this delivery added. */
async function recordInvoicePayment(payments: Payments, event: EventOf<'invoicePaid'>): Promise<LedgerEntry[]> {
  const subscription = await getSubscription(event.subscriptionId);
  if (!subscription) {
    log('warn', 'a paid invoice names no subscription of ours', {
      subscriptionId: event.subscriptionId,
      eventId: event.id,
    });
    return [];
  }
  if (event.amountCents === 0) return [];
  const captured = await payments.invoicePayment(event.invoiceId);
  const payment = subscriptionPaymentEntry({ eventId: event.id, at: event.at, invoiceId: event.invoiceId }, captured, {
    subscriptionId: subscription.id,
    coachId: subscription.coachId,
    menteeId: subscription.menteeId,
    platformFeeCents: subscription.platformFeeCents,
  });
  return recordPayment(payment, captured, event);
}

async function mailPaymentFailed(
  menteeId: string,
  coachId: string,
  event: EventOf<'invoicePaymentFailed'>,
): Promise<void> {
  const [mentee, coach] = await Promise.all([getProfile(menteeId), getProfile(coachId)]);
  if (!mentee?.email) return;
  await mailer().send(
    paymentFailedEmail({
      to: mentee.email,
      coachName: coach ? fullName(coach) : 'your mentor',
      fixUrl: event.hostedInvoiceUrl ?? `${siteOrigin()}/dashboard`,
    }),
  );
}
