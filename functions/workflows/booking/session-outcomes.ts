import { getProfile } from '../../data/profiles';
import { completeEndedSession, getSession } from '../../data/sessions';
import { type MenteeReturn, mentorNoShowsSince, storeOutcome, storeResolution } from '../../data/session-outcomes';
import { getSubscription } from '../../data/subscriptions';
import { DomainError } from '../../domain/errors';
import { creditReturns, invoiceOfPlanPayout, isPlanPayoutId } from '../../domain/plans';
import type { SessionItem } from '../../domain/session-item';
import {
  type DecidedOutcome,
  decideOutcome,
  NO_SHOW_LOOKBACK_DAYS,
  noShowsUnpublish,
  noShowUnpublishedEmail,
  outcomeMoney,
  outcomeSettled,
  outcomeWindow,
  outcomeWindowPassed,
  type OutcomeReport,
  type Resolution,
  reportWindowOpen,
  splitRefundMismatch,
  withReport,
} from '../../domain/session-outcome';
import { log } from '../../runtime/log';
import { mailer } from '../../runtime/ports/mailer';
import { scheduler } from '../../runtime/ports/scheduler';
import { siteOrigin } from '../../runtime/site';
import { setPublished } from '../directory/publication';
import { payCoachForPlanInvoice, payCoachForSession } from '../payments/coach-transfer';

/** Two reports at once: each is decided on the other's write, a few times before giving up. */
const MAX_OUTCOME_WRITES = 3;

const held = (session: SessionItem) =>
  session.status === 'confirmed' || session.status === 'scheduled' || session.status === 'completed';

const evidenceOf = (session: SessionItem) => ({
  coachJoined: Boolean(session.coachJoinedAt),
  menteeJoined: Boolean(session.menteeJoinedAt),
});

/**
 * What the mentee gets back when the money goes back to them (`refundCents` of a paid session's
 * payment): a plan session's credit, as a coach's cancellation returns it, or a free consultation.
 */
async function menteeReturnOf(session: SessionItem, refundCents: number, now: Date): Promise<MenteeReturn> {
  const { subscriptionId, creditPeriodEnd } = session;
  const credits = subscriptionId ? (await getSubscription(subscriptionId))?.credits : null;
  return {
    refundCents: session.paymentIntentId ? refundCents : 0,
    freeConsultation: session.isFreeConsultation,
    planCredit:
      session.paidBy === 'plan' && subscriptionId && creditPeriodEnd && creditReturns(session, 'coach', credits, now)
        ? { subscriptionId, periodEnd: creditPeriodEnd }
        : null,
  };
}

/**
 * `POST /api/sessions/{id}/outcome`: one party's report of how the session went, in its window.
 * The reports and who joined decide the outcome (domain/session-outcome.ts); once it is decided,
 * its money follows.
 */
export async function reportOutcome(
  sessionId: string,
  userId: string,
  input: { report: OutcomeReport; note?: string | undefined },
  now: Date,
): Promise<SessionItem> {
  for (let attempt = 1; attempt <= MAX_OUTCOME_WRITES; attempt++) {
    const session = await getSession(sessionId);
    if (!session) throw new DomainError('NOT_FOUND', 'Session not found');
    if (session.coachId !== userId && session.menteeId !== userId) {
      throw new DomainError('FORBIDDEN', 'Only the mentor and the mentee of a session can report how it went.');
    }
    if (!held(session)) throw new DomainError('NOT_HELD', 'This session was not held: there is nothing to report.');
    if (session.outcome) {
      throw new DomainError('OUTCOME_FINAL', 'This session’s outcome is decided already.', [
        { outcome: session.outcome },
      ]);
    }
    if (!reportWindowOpen(session, now)) {
      const { opensAt, endsAt } = outcomeWindow(session);
      throw new DomainError('OUTCOME_WINDOW_CLOSED', 'How a session went can be reported only in its window.', [
        { opensAt: opensAt.toISOString(), endsAt: endsAt.toISOString() },
      ]);
    }
    const by = session.coachId === userId ? 'coach' : 'mentee';
    const reports = withReport(session.outcomeReports ?? [], {
      by,
      report: input.report,
      at: now.toISOString(),
      ...(input.note ? { note: input.note } : {}),
    });
    const state = decideOutcome(reports, evidenceOf(session));
    const outcome = state === 'pending' ? null : state;
    const given = outcome === 'mentor_no_show' ? await menteeReturnOf(session, session.priceCents, now) : null;
    if (await storeOutcome(session, reports, outcome, given, now)) {
      if (outcome) await afterDecided(session, outcome, now);
      return (await getSession(sessionId)) as SessionItem;
    }
  }
  throw new DomainError('CONCURRENT_CHANGE', 'The session changed while you reported. Please try again.');
}

/** What follows a decided outcome: the coach's transfer (once the session ended) or their no-show count. */
async function afterDecided(session: SessionItem, outcome: DecidedOutcome, now: Date): Promise<void> {
  if (outcome === 'mentor_no_show') await unpublishAfterNoShows(session.coachId, now);
  else await payCoachForSession(session.id, now);
}

/** At the coach's second mentor no-show in the lookback: unpublished, and told why (once: only while published). */
async function unpublishAfterNoShows(coachId: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - NO_SHOW_LOOKBACK_DAYS * 24 * 60 * 60_000);
  if (!noShowsUnpublish(await mentorNoShowsSince(coachId, since), now)) return;
  const coach = await getProfile(coachId);
  if (!coach?.published) return;
  await setPublished(coach, false, now);
  log('warn', 'coach unpublished after mentor no-shows', { coachId });
  await mailer().send(noShowUnpublishedEmail(coach, siteOrigin()));
}

/**
 * Settles a completed session's outcome: once its window has passed a pending one was delivered;
 * a decided one's coach is paid if the outcome says so (payCoachForSession decides, once).
 * The outcome deadline's job, and the completion's last step. Answers whether it decided the outcome now.
 */
export const settleSessionOutcome = async (sessionId: string, now: Date): Promise<boolean> =>
  settleOutcomeOf(await getSession(sessionId), now);

async function settleOutcomeOf(read: SessionItem | null, now: Date): Promise<boolean> {
  let session = read;
  if (session?.status !== 'completed') return false;
  let decided = false;
  if (!session.outcome && outcomeWindowPassed(session, now)) {
    decided = await storeOutcome(session, session.outcomeReports ?? [], 'delivered', null, now);
    session = await getSession(session.id);
  }
  if (session && outcomeSettled(session) && outcomeMoney(session).transferCents !== null) {
    await payCoachForSession(session.id, now);
  }
  return decided;
}

/**
 * The completion job at a session's end: the session becomes completed and its outcome deadline
 * is scheduled at the window's end; an outcome decided already (both said it happened) is settled
 * now, never before the end. For a plan payout's id: the coach is paid for the month that ended.
 */
export async function completeSession(id: string, now: Date): Promise<boolean> {
  if (isPlanPayoutId(id)) return (await payCoachForPlanInvoice(invoiceOfPlanPayout(id), now)) === 'transferred';
  const completed = await completeEndedSession(id, now);
  const session = await getSession(id);
  if (session?.status === 'completed' && !session.outcome && !outcomeWindowPassed(session, now)) {
    await scheduler().schedule('settleOutcome', id, outcomeWindow(session).endsAt);
  }
  await settleOutcomeOf(session, now);
  return completed;
}

/**
 * `POST /api/support/sessions/{id}/resolve`: support decides a disputed session, once, audited;
 * then its money follows (a refund through the refund path, a transfer through payCoachForSession).
 */
export async function resolveDisputedSession(
  sessionId: string,
  staffId: string,
  input: { resolution: Resolution; refundCents?: number | undefined; note: string },
  now: Date,
): Promise<SessionItem> {
  const session = await getSession(sessionId);
  if (!session) throw new DomainError('NOT_FOUND', 'Session not found');
  if (session.outcome !== 'disputed' || session.resolution) {
    throw new DomainError('NOT_DISPUTED', 'Only a disputed session not yet resolved can be resolved.', [
      { outcome: session.outcome ?? 'pending' },
    ]);
  }
  if (input.resolution === 'split') {
    const mismatch = splitRefundMismatch(session.priceCents, input.refundCents);
    if (mismatch) throw new DomainError('VALIDATION_FAILED', mismatch, [{ path: 'refundCents', message: mismatch }]);
  }
  const resolution = {
    resolution: input.resolution,
    ...(input.resolution === 'split' ? { refundCents: input.refundCents } : {}),
    note: input.note,
    by: staffId,
    at: now.toISOString(),
  };
  const { refundCents } = outcomeMoney({ ...session, resolution });
  const given = input.resolution === 'pay_coach' ? null : await menteeReturnOf(session, refundCents, now);
  if (!(await storeResolution(session, resolution, given, now))) {
    throw new DomainError('NOT_DISPUTED', 'This session was resolved meanwhile.');
  }
  if (outcomeMoney({ ...session, resolution }).transferCents !== null) await payCoachForSession(sessionId, now);
  return (await getSession(sessionId)) as SessionItem;
}
