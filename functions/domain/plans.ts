import { DomainError } from './errors';
import type { Canceller } from './session-item';
import { escapeHtml } from './html';
import { formatDollarsAndCents } from './money';

/** A mentorship plan: a monthly price in whole dollars for a set number of sessions of one length. */
export const PLAN_SESSION_MINUTES = [30, 60] as const;
export const MIN_PLAN_SESSIONS = 1;
export const MAX_PLAN_SESSIONS = 4;
export const MAX_PLAN_DESCRIPTION = 500;
/** $10 to $10,000 a month: enough above Stripe's minimum charge that the coach's share is real. */
export const MIN_PLAN_PRICE_CENTS = 1_000;
export const MAX_PLAN_PRICE_CENTS = 1_000_000;

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A plan's credit is given back when its session is cancelled more than this far ahead. */
export const CREDIT_RETURN_NOTICE_MS = 24 * 60 * 60_000;

export interface Plan {
  monthlyPriceCents: number;
  sessionsPerMonth: number;
  sessionMinutes: (typeof PLAN_SESSION_MINUTES)[number];
  description: string;
  active: boolean;
}

type PlanTerms = Pick<Plan, 'monthlyPriceCents' | 'sessionsPerMonth' | 'sessionMinutes'>;

/** "2 × 60 min a month, $300/month". */
export const planTerms = (plan: PlanTerms) =>
  `${plan.sessionsPerMonth} × ${plan.sessionMinutes} min a month, $${plan.monthlyPriceCents / 100}/month`;

/** "Monthly mentorship: 2 × 60 min a month, $300/month" (the coach page's plan box). */
export const planSummary = (plan: PlanTerms) => `Monthly mentorship: ${planTerms(plan)}`;

/**
 * Stripe's subscription statuses reduced to ours: a trial is active; an unpaid subscription is past
 * due (no new bookings until the card is fixed); one that never got paid or was ended is canceled.
 */
export function subscriptionStatusOf(stripeStatus: string): SubscriptionStatus {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'canceled';
  }
}

/** What our copy of a subscription knows, and as of which provider event (its `created`, ISO). */
export interface SubscriptionState {
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  stateAt: string | null;
}

/** What one provider event says about a subscription, as of when the provider created the event. */
export interface SubscriptionFacts {
  at: string;
  status: SubscriptionStatus;
  /** Unknown in an event that does not carry the subscription (an invoice without lines): kept as it was. */
  currentPeriodEnd?: string | null;
  cancelAtPeriodEnd?: boolean;
}

/**
 * The state after an event, or null when the event changes nothing. Stripe delivers events in
 * any order, so an event older than the one the state is from is ignored, and `canceled` is
 * final: no later-delivered older event brings a subscription back.
 */
export function applySubscriptionFacts(state: SubscriptionState, facts: SubscriptionFacts): SubscriptionState | null {
  if (state.status === 'canceled') return null;
  const stale = state.stateAt !== null && facts.at < state.stateAt;
  if (stale && facts.status !== 'canceled') return null;
  const next: SubscriptionState = {
    status: facts.status,
    currentPeriodEnd: facts.currentPeriodEnd !== undefined && !stale ? facts.currentPeriodEnd : state.currentPeriodEnd,
    cancelAtPeriodEnd: facts.cancelAtPeriodEnd ?? state.cancelAtPeriodEnd,
    stateAt: stale ? state.stateAt : facts.at,
  };
  // A later invoice's period may be further out than what an older subscription event said.
  if (state.currentPeriodEnd && next.currentPeriodEnd && state.currentPeriodEnd > next.currentPeriodEnd) {
    next.currentPeriodEnd = state.currentPeriodEnd;
  }
  const same =
    next.status === state.status &&
    next.currentPeriodEnd === state.currentPeriodEnd &&
    next.cancelAtPeriodEnd === state.cancelAtPeriodEnd &&
    next.stateAt === state.stateAt;
  return same ? null : next;
}

/** The sessions one paid invoice bought, for the period it pays for; they lapse at its end. */
export interface Credits {
  invoiceId: string;
  periodEnd: string;
  granted: number;
  used: number;
}

/**
 * The credits after a paid invoice, or null when it grants nothing: that invoice already granted
 * them (a redelivery or a second event about it), or it pays for a period older than the one the
 * credits are for (delivered late). A newer period's credits replace the old ones: unused
 * sessions do not roll over.
 */
export function creditsForInvoice(
  current: Credits | null | undefined,
  invoice: { invoiceId: string; periodEnd: string },
  sessionsPerMonth: number,
): Credits | null {
  if (current && (current.invoiceId === invoice.invoiceId || current.periodEnd >= invoice.periodEnd)) return null;
  return { invoiceId: invoice.invoiceId, periodEnd: invoice.periodEnd, granted: sessionsPerMonth, used: 0 };
}

export const creditsLeft = (credits: Credits | null | undefined, now: Date): number =>
  credits && now.toISOString() < credits.periodEnd ? Math.max(credits.granted - credits.used, 0) : 0;

/**
 * May this mentee book a session of this length with the plan now? Whether the credit is still
 * there when the booking is stored is the conditional write's to decide (data/subscriptions.ts).
 */
export function assertPlanBooking(
  subscription: SubscriptionState & {
    menteeId: string;
    coachId: string;
    sessionMinutes: number;
    credits?: Credits | null;
  },
  booking: { menteeId: string; coachId: string; durationMinutes: number },
  now: Date,
): void {
  if (subscription.menteeId !== booking.menteeId || subscription.coachId !== booking.coachId) {
    throw new DomainError('NOT_FOUND', 'No such plan of yours with this mentor.');
  }
  if (booking.durationMinutes !== subscription.sessionMinutes) {
    throw new DomainError('VALIDATION_FAILED', `Sessions of this plan last ${subscription.sessionMinutes} minutes.`, [
      { field: 'durationMinutes', message: `Sessions of this plan last ${subscription.sessionMinutes} minutes.` },
    ]);
  }
  if (subscription.status === 'past_due') {
    throw new DomainError(
      'SUBSCRIPTION_PAST_DUE',
      "Your plan's last payment failed. Update your card to book with it again.",
    );
  }
  if (subscription.status !== 'active') throw new DomainError('NO_CREDITS', 'This plan has no sessions left to book.');
  if (creditsLeft(subscription.credits, now) === 0) {
    throw new DomainError('NO_CREDITS', "You have used this month's sessions of your plan.");
  }
}

/**
 * A plan session cancelled by the coach, the system or support gives its credit back, and one the mentee
 * cancels more than 24 hours ahead; only if that credit is of the period the plan is in now (an
 * expired credit stays expired).
 */
export function creditReturns(
  session: { start: string; creditPeriodEnd?: string | null },
  cancelledBy: Canceller,
  credits: Credits | null | undefined,
  now: Date,
): boolean {
  if (!session.creditPeriodEnd || !credits || credits.periodEnd !== session.creditPeriodEnd) return false;
  if (now.toISOString() >= credits.periodEnd || credits.used <= 0) return false;
  return cancelledBy !== 'mentee' || Date.parse(session.start) - now.getTime() > CREDIT_RETURN_NOTICE_MS;
}

/**
 * A plan's sessions are booked in the coach's own slots, which a Calendly booking link replaces, so
 * a coach offers one or the other: a plan with the link on could sell credits nobody can use.
 */
export const planCalendlyConflict = (turningOn: 'plan' | 'calendly') =>
  new DomainError(
    'PLAN_CALENDLY_CONFLICT',
    turningOn === 'plan'
      ? 'Remove your Calendly booking link before offering a monthly plan: plan sessions are booked in your own time slots.'
      : 'Switch off your monthly plan before adding a Calendly booking link: plan sessions are booked in your own time slots.',
    [turningOn === 'plan' ? 'active' : 'calendlyUrl'],
  );

/**
 * The running month's credits the mentee has not spent, and their part of the invoice that paid
 * for it (pro rata: the price over the month's sessions, per unused one), or null when none are
 * left. Refunded when the coach ends the plan: the mentee paid for sessions the coach will not hold.
 */
export function unusedCreditsRefund(
  credits: Credits | null | undefined,
  invoiceAmountCents: number,
  now: Date,
): { credits: number; amountCents: number } | null {
  const unused = creditsLeft(credits, now);
  if (!credits || unused === 0) return null;
  return { credits: unused, amountCents: Math.floor((invoiceAmountCents * unused) / credits.granted) };
}

/**
 * To the mentee when the coach ends their plan: it runs, with the sessions booked, until the paid
 * period ends; the month's unused sessions are refunded (`refund`), so none is left to book.
 */
export function planEndingEmail(letter: {
  to: string;
  coachName: string;
  periodEnd: string;
  refund: { credits: number; amountCents: number } | null;
}) {
  const until = new Date(letter.periodEnd).toUTCString().slice(0, 16);
  const lead = `${letter.coachName} has ended your monthly mentorship plan.`;
  const refund = letter.refund;
  const next = refund
    ? `Sessions you have booked take place as planned. The ${refund.credits === 1 ? 'session' : `${refund.credits} sessions`} you had left this month ${refund.credits === 1 ? 'is' : 'are'} refunded: ${formatDollarsAndCents(refund.amountCents)} to your card. The plan ends on ${until} and will not renew.`
    : `It stays active, with the sessions left this month, until ${until}, and will not renew.`;
  return {
    to: letter.to,
    subject: 'Your mentorship plan will end',
    text: `${lead}\n\n${next}\n`,
    html: `<p>${escapeHtml(lead)}</p><p>${escapeHtml(next)}</p>`,
  };
}

/** To the mentee when a renewal's payment failed: the link is where Stripe lets them fix their card. */
export function paymentFailedEmail(letter: { to: string; coachName: string; fixUrl: string }) {
  const lead = `The monthly payment for your mentorship plan with ${letter.coachName} did not go through.`;
  const next = 'Until it is paid, new sessions cannot be booked with the plan. Update your card here:';
  return {
    to: letter.to,
    subject: 'Your mentorship plan payment failed',
    text: `${lead}\n\n${next}\n${letter.fixUrl}\n`,
    html: `<p>${escapeHtml(lead)}</p><p>${escapeHtml(next)}<br><a href="${escapeHtml(letter.fixUrl)}">${escapeHtml(letter.fixUrl)}</a></p>`,
  };
}

/**
 * A paid invoice's payout: the coach's share of the month it paid for, transferred when that month
 * ends (as a session's after delivery). Its id names the transfer everywhere: the completion job's
 * id, the Stripe transfer's group and idempotency key, the ledger's `transfer:` entry, the owed transfer.
 */
const PLAN_PAYOUT_PREFIX = 'payout.';
export const planPayoutId = (invoiceId: string) => `${PLAN_PAYOUT_PREFIX}${invoiceId}`;
export const isPlanPayoutId = (id: string) => id.startsWith(PLAN_PAYOUT_PREFIX);
export const invoiceOfPlanPayout = (payoutId: string) => payoutId.slice(PLAN_PAYOUT_PREFIX.length);

/**
 * What a plan invoice's payout transfers to the coach when its month ends: their share less what
 * refunds of the invoice took of it (fees.ts refundSplit, recorded with each refund). A payout
 * whose refund was recorded by id alone (before refunds were recorded by amount) transfers nothing.
 */
export const planPayoutDueCents = (payout: {
  amountCents: number;
  refundedCoachCents?: number | null;
  refundId?: string | null;
}): number =>
  payout.refundId && payout.refundedCoachCents == null
    ? 0
    : Math.max(payout.amountCents - (payout.refundedCoachCents ?? 0), 0);

/**
 * Has the month an invoice paid for ended? When the clock passed its end, or when Stripe already
 * spoke of the subscription as of that end or later (the renewal, the deletion at period end): its
 * events carry Stripe's own time, which may run ahead of the job's clock (a test clock).
 */
export const planPeriodEnded = (periodEnd: string, subscription: { stateAt: string | null }, now: Date): boolean =>
  now.toISOString() >= periodEnd || (subscription.stateAt !== null && subscription.stateAt >= periodEnd);

/**
 * The invoice whose month an event shows to have ended, if any: the one the credits (before the
 * event replaced them) were granted for, once Stripe's word is as of its period's end or later.
 */
export function invoiceEndedBy(credits: Credits | null | undefined, eventAt: string): string | null {
  return credits && credits.periodEnd <= eventAt ? credits.invoiceId : null;
}
