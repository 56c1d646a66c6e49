import { DomainError } from './errors';
import { formatDollarsAndCents } from './money';
import { planPayoutDueCents, type SubscriptionState } from './plans';
import type { SessionItem } from './session-item';
import { decidedMoney } from './session-outcome';

/**
 * How long after its end a session stays open: either party may still say what happened, and its
 * money moves only then (issue 39, session outcomes).
 */
export const SETTLEMENT_WINDOW_MS = 48 * 60 * 60_000;

/** A session of the coach's, as far as it decides whether it still holds the account. */
export type CoachSession = Pick<
  SessionItem,
  | 'status'
  | 'start'
  | 'end'
  | 'priceCents'
  | 'platformFeeCents'
  | 'paymentExpiresAt'
  | 'paymentIntentId'
  | 'transferId'
  | 'refundId'
  | 'refund'
  | 'disputeId'
  | 'disputeOutcome'
  | 'outcome'
  | 'resolution'
  | 'supportCancellation'
>;

/** A subscription to the coach's plan, and the refund of its unused credits if the coach ended it. */
export type CoachPlanSubscription = Pick<SubscriptionState, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'> & {
  creditRefund?: { refundId?: string | null } | null;
};

/** The coach's share of one paid plan invoice (data/plan-payouts.ts), transferred when its month ends. */
export interface CoachPlanPayout {
  amountCents: number;
  periodEnd: string;
  transferId?: string | null;
  /** What refunds of the invoice took of the coach's share (domain/plans.ts planPayoutDueCents). */
  refundedCoachCents?: number | null;
  refundId?: string | null;
  disputeId?: string | null;
  disputeOutcome?: 'won' | 'lost' | null;
}

/** What still ties money or a mentee to the coach, each with when it ends (ISO), as the 409's details list it. */
export type HeldItem =
  | { kind: 'sessions'; count: number; until: string }
  | { kind: 'plan_months'; count: number; until: string; renews: boolean }
  | { kind: 'transfer'; amountCents: number; until: string | null }
  | { kind: 'refunds'; count: number };

const latest = (instants: readonly string[]): string =>
  instants.reduce((last, instant) => (Date.parse(instant) > Date.parse(last) ? instant : last));

const windowEnd = (session: { end: string }) => new Date(Date.parse(session.end) + SETTLEMENT_WINDOW_MS).toISOString();

/** A paid session's money has gone one way or the other: to the coach, back to the mentee, or to the bank. */
const settled = (item: Pick<CoachPlanPayout, 'transferId' | 'refundId' | 'disputeOutcome'>) =>
  Boolean(item.transferId || item.refundId || item.disputeOutcome === 'lost');

/**
 * What a coach's account still holds, empty when it may be deleted. A session is open from its
 * booking until its payment lapses (pending), until the settlement window after its end passes
 * (held or completed), and, when paid, until its money is settled (a transfer, a refund or a lost
 * dispute). A plan month runs while a subscription to the coach's plan is active or past due. The
 * money is the coach's share not yet transferred, of paid sessions and plan invoices; a refund to
 * a mentee that is still being made (a cancelled session's, a plan's unused credits') holds the
 * account too, since its e-mails name the coach.
 */
export function moneyHeld(
  held: {
    sessions: readonly CoachSession[];
    subscriptions: readonly CoachPlanSubscription[];
    payouts: readonly CoachPlanPayout[];
  },
  now: Date,
): HeldItem[] {
  const nowIso = now.toISOString();
  const openUntil: string[] = [];
  const transferDates: (string | null)[] = [];
  let transferCents = 0;
  let refunds = 0;

  for (const session of held.sessions) {
    if (session.status === 'cancelled') {
      if (session.refund?.status === 'requested') refunds += 1;
      // Support's cancellation may leave the coach a share to pay (domain/session-outcome.ts decidedMoney).
      const dueCents = session.paymentIntentId && !session.transferId ? decidedMoney(session)?.transferCents : null;
      if (dueCents) {
        transferCents += dueCents;
        transferDates.push(null);
      }
      continue;
    }
    if (session.status === 'pending_payment') {
      openUntil.push(session.paymentExpiresAt ?? session.start);
      continue;
    }
    const until = windowEnd(session);
    const paid = Boolean(session.paymentIntentId) && session.priceCents > 0;
    if (paid && !settled(session)) {
      transferCents += session.priceCents - session.platformFeeCents;
      // Past its window without a transfer (owed, or held by a dispute): no date can be promised.
      transferDates.push(until > nowIso && !session.disputeId ? until : null);
    }
    if (session.status !== 'completed' || until > nowIso || (paid && !settled(session))) openUntil.push(until);
  }

  const items: HeldItem[] = [];
  if (openUntil.length > 0) items.push({ kind: 'sessions', count: openUntil.length, until: latest(openUntil) });

  const running = held.subscriptions.filter(
    (subscription) =>
      (subscription.status === 'active' || subscription.status === 'past_due') && subscription.currentPeriodEnd,
  );
  if (running.length > 0) {
    items.push({
      kind: 'plan_months',
      count: running.length,
      until: latest(running.map((subscription) => subscription.currentPeriodEnd as string)),
      renews: running.some((subscription) => !subscription.cancelAtPeriodEnd),
    });
  }

  refunds += held.subscriptions.filter(
    (subscription) => subscription.creditRefund && !subscription.creditRefund.refundId,
  ).length;
  for (const payout of held.payouts) {
    const dueCents = planPayoutDueCents(payout);
    if (settled(payout) || dueCents === 0) continue;
    transferCents += dueCents;
    transferDates.push(payout.periodEnd > nowIso && !payout.disputeId ? payout.periodEnd : null);
  }
  if (transferCents > 0) {
    const dated = transferDates.every((date) => date !== null);
    items.push({
      kind: 'transfer',
      amountCents: transferCents,
      until: dated ? latest(transferDates as string[]) : null,
    });
  }
  if (refunds > 0) items.push({ kind: 'refunds', count: refunds });
  return items;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : `${count} ${many}`);

/** "December 12, 2026", as the coach's calendar shows that day. */
const day = (instant: string, timeZone: string) =>
  new Date(instant).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });

function heldPart(item: HeldItem, timeZone: string): string {
  switch (item.kind) {
    case 'sessions':
      return `${plural(item.count, 'a session', 'sessions')} until ${day(item.until, timeZone)}`;
    case 'plan_months':
      return `${plural(item.count, 'a plan month', 'plan months')} until ${day(item.until, timeZone)}`;
    case 'transfer': {
      const amount = `${formatDollarsAndCents(item.amountCents)} to be transferred to you`;
      return item.until ? `${amount} by ${day(item.until, timeZone)}` : amount;
    }
    case 'refunds':
      return `${plural(item.count, 'a refund', 'refunds')} to a mentee under way`;
  }
}

/**
 * What the coach is told when their account cannot be deleted yet: what remains, when it ends,
 * and what they can do meanwhile (a plan that renews must be ended, or its months never stop).
 */
export function moneyHeldMessage(items: readonly HeldItem[], timeZone: string): string {
  const parts = items.map((item) => heldPart(item, timeZone)).join('; ');
  const renews = items.some((item) => item.kind === 'plan_months' && item.renews);
  const next = renews
    ? "End your mentees' plans on your dashboard (End plan) so they do not renew; you can delete your account once these have ended."
    : 'You can delete your account once these have ended.';
  return `Your account cannot be deleted yet: ${parts}. ${next}`;
}

/** Throws 409 MONEY_HELD, naming what remains, unless nothing holds the coach's account. */
export function assertNothingHeld(items: readonly HeldItem[], timeZone: string): void {
  if (items.length > 0) throw new DomainError('MONEY_HELD', moneyHeldMessage(items, timeZone), [...items]);
}
