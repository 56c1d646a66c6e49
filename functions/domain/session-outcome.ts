import { coachingSettingsNotice } from './coaching-settings-notice';
import { refundSplit } from './fees';
import type { SessionStatus } from './session-status';
import { OUTCOME_REPORTS_OPEN_MINUTES_AFTER_START, OUTCOME_WINDOW_HOURS_AFTER_END } from './outcome-window';

/**
 * Issue 39: how a held session ended, which decides its money. The coach is paid only for what
 * happened; a session nobody reports on within the window was delivered.
 */

export const OUTCOME_REPORTS = ['happened', 'mentor_no_show', 'mentee_no_show'] as const;
export type OutcomeReport = (typeof OUTCOME_REPORTS)[number];

export const OUTCOME_STATES = ['pending', 'delivered', 'mentor_no_show', 'mentee_no_show', 'disputed'] as const;
export type OutcomeState = (typeof OUTCOME_STATES)[number];
/** What a session's `outcome` attribute holds once decided; a session without it is pending. */
export type DecidedOutcome = Exclude<OutcomeState, 'pending'>;

export const RESOLUTIONS = ['pay_coach', 'refund_mentee', 'split'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export type Party = 'coach' | 'mentee';

export interface OutcomeReportEntry {
  by: Party;
  report: OutcomeReport;
  at: string;
  note?: string;
}

/** Support's decision on a disputed session; `by` is the staff member's user id. */
export interface OutcomeResolution {
  resolution: Resolution;
  /** `split` only: what goes back to the mentee; the coach gets their share of the rest. */
  refundCents?: number;
  note: string;
  by: string;
  at: string;
}

/** Who joined the session: through the product's join link, or (later) Zoom's participant events. */
export interface JoinEvidence {
  coachJoined: boolean;
  menteeJoined: boolean;
}

const MINUTE_MS = 60_000;

/** From when to when the parties may report how the session went. */
export const outcomeWindow = (session: { start: string; end: string }) => ({
  opensAt: new Date(Date.parse(session.start) + OUTCOME_REPORTS_OPEN_MINUTES_AFTER_START * MINUTE_MS),
  endsAt: new Date(Date.parse(session.end) + OUTCOME_WINDOW_HOURS_AFTER_END * 60 * MINUTE_MS),
});

/** Whether a report made now falls in the window (both edges included). */
export function reportWindowOpen(session: { start: string; end: string }, now: Date): boolean {
  const { opensAt, endsAt } = outcomeWindow(session);
  return now >= opensAt && now <= endsAt;
}

/** Whether the window has closed: a session still pending then was delivered. */
export const outcomeWindowPassed = (session: { start: string; end: string }, now: Date): boolean =>
  now > outcomeWindow(session).endsAt;

/** Each party's latest report (a party may change its mind while the outcome is pending). */
export function withReport(reports: readonly OutcomeReportEntry[], report: OutcomeReportEntry): OutcomeReportEntry[] {
  return [...reports.filter((entry) => entry.by !== report.by), report];
}

const joined = (party: Party, evidence: JoinEvidence) =>
  party === 'coach' ? evidence.coachJoined : evidence.menteeJoined;

/**
 * The outcome the reports and the join evidence decide now: both say it happened → delivered; a
 * no-show reported by one party (or admitted by the absent one) → that no-show, unless the absent
 * party has a join record that says otherwise; reports that contradict each other, or a no-show
 * the evidence contradicts → disputed. One "happened" alone waits for the window's end.
 */
export function decideOutcome(reports: readonly OutcomeReportEntry[], evidence: JoinEvidence): OutcomeState {
  const said = new Set(reports.map((entry) => entry.report));
  if (said.size > 1) return 'disputed';
  const [report] = said;
  if (!report) return 'pending';
  if (report === 'happened') return reports.length === 2 ? 'delivered' : 'pending';
  const absent: Party = report === 'mentor_no_show' ? 'coach' : 'mentee';
  const accusedByOther = reports.some((entry) => entry.by !== absent);
  if (accusedByOther && joined(absent, evidence)) return 'disputed';
  return report;
}

/** At the window's end, a session still pending was delivered; a decided one keeps its outcome. */
export const outcomeAtWindowEnd = (state: OutcomeState): OutcomeState => (state === 'pending' ? 'delivered' : state);

/**
 * A session's outcome now: as decided, or delivered once its window passed with nothing decided,
 * even before the deadline's job has written it (so a rating or a view never waits on the job).
 */
export const outcomeStateOf = (
  session: { start: string; end: string; outcome?: DecidedOutcome | null },
  now: Date,
): OutcomeState => session.outcome ?? (outcomeWindowPassed(session, now) ? outcomeAtWindowEnd('pending') : 'pending');

/** A decided outcome is final, except a dispute, which support resolves once. */
export const outcomeSettled = (session: { outcome?: DecidedOutcome | null; resolution?: object | null }) =>
  Boolean(session.outcome && (session.outcome !== 'disputed' || session.resolution));

/** What a paid session's money does for its outcome: the mentee's refund, and whether the coach is paid. */
export interface OutcomeMoney {
  refundCents: number;
  /** The coach's transfer, or null when none is due (yet, or at all). */
  transferCents: number | null;
}

/**
 * The money of a session's outcome, by the ledger's rule for refunds (domain/fees.ts refundSplit:
 * the refunded part gives back its share of the fee, rounded half up), so the transfer and the
 * ledger agree to the cent.
 */
export function outcomeMoney(session: {
  priceCents: number;
  platformFeeCents: number;
  outcome?: DecidedOutcome | null;
  resolution?: Pick<OutcomeResolution, 'resolution' | 'refundCents'> | null;
}): OutcomeMoney {
  const { priceCents, platformFeeCents } = session;
  const net = priceCents - platformFeeCents;
  const decision =
    session.outcome === 'disputed' ? session.resolution?.resolution : session.outcome ? session.outcome : undefined;
  switch (decision) {
    case 'delivered':
    case 'mentee_no_show':
    case 'pay_coach':
      return { refundCents: 0, transferCents: net };
    case 'mentor_no_show':
    case 'refund_mentee':
      return { refundCents: priceCents, transferCents: null };
    case 'split':
      return partRefunded(session, session.resolution?.refundCents ?? 0);
    default:
      return { refundCents: 0, transferCents: null };
  }
}

/**
 * A part of the price refunded, the coach paid the rest: their share less the refunded part's coach
 * share (the ledger's rule), none when everything was refunded.
 */
function partRefunded(session: { priceCents: number; platformFeeCents: number }, refundCents: number): OutcomeMoney {
  const { priceCents, platformFeeCents } = session;
  if (refundCents >= priceCents) return { refundCents, transferCents: null };
  const coachRefundCents = refundSplit({ grossCents: priceCents, platformFeeCents }, refundCents).coachCents;
  return { refundCents, transferCents: priceCents - platformFeeCents - coachRefundCents };
}

/**
 * What a session's money does once decided, or null while it is not: a completed session's settled
 * outcome (outcomeMoney), or support's cancellation, which refunds what support chose and pays the
 * coach the rest as a split does. Any other cancellation refunds in full and pays nobody.
 */
export function decidedMoney(
  session: Parameters<typeof outcomeMoney>[0] & {
    status: SessionStatus;
    supportCancellation?: { refundCents: number } | null;
  },
): OutcomeMoney | null {
  if (session.status === 'cancelled') {
    return session.supportCancellation ? partRefunded(session, session.supportCancellation.refundCents) : null;
  }
  return session.status === 'completed' && outcomeSettled(session) ? outcomeMoney(session) : null;
}

/** Why a split's refund is not one, or null: more than nothing, less than what was paid. */
export function splitRefundMismatch(priceCents: number, refundCents: number | undefined): string | null {
  if (priceCents === 0) return 'A session that was not paid for has no money to split.';
  if (refundCents === undefined || !Number.isInteger(refundCents) || refundCents <= 0 || refundCents >= priceCents) {
    return `A split refunds more than 0 and less than the ${priceCents} cents paid.`;
  }
  return null;
}

export const NO_SHOW_LOOKBACK_DAYS = 90;
/** This many mentor no-shows within the lookback unpublishes the coach. */
export const NO_SHOWS_TO_UNPUBLISH = 2;

/** Whether the coach's mentor no-shows (when each was decided) within the lookback unpublish them now. */
export function noShowsUnpublish(noShowTimes: readonly string[], now: Date): boolean {
  const since = now.getTime() - NO_SHOW_LOOKBACK_DAYS * 24 * 60 * MINUTE_MS;
  return (
    noShowTimes.filter((at) => Date.parse(at) > since && Date.parse(at) <= now.getTime()).length >=
    NO_SHOWS_TO_UNPUBLISH
  );
}

/**
 * Sent once when a coach's second mentor no-show in the lookback unpublishes them: why, and that
 * they may publish again from Settings once they can keep their sessions.
 */
export function noShowUnpublishedEmail(coach: { email: string; firstName: string }, siteOrigin: string) {
  return coachingSettingsNotice({
    mentor: coach,
    subject: 'Your profile was unpublished after missed sessions',
    lead: `Mentees reported that you did not join ${NO_SHOWS_TO_UNPUBLISH} of your sessions in the last ${NO_SHOW_LOOKBACK_DAYS} days, and you had not joined them through Physician Mentors. Each was refunded to the mentee, and your profile is no longer listed in the directory.`,
    action:
      'Your sessions already booked are unchanged. You can publish your profile again in Settings; if a report was wrong, reply to this e-mail and our support team will look into it.',
    siteOrigin,
    linkLabel: 'Open Settings',
  });
}
