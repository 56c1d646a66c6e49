import type { OutcomeReport, OutcomeState, Party, Resolution } from './session-outcome';
import { reportWindowOpen } from './session-outcome';

/** The dashboard's badge of a held session's outcome (docs/outcomes.md, "The dashboard"). */
export const OUTCOME_LABELS: Record<OutcomeState, string> = {
  pending: 'Awaiting outcome',
  delivered: 'Delivered',
  mentor_no_show: 'Mentor did not show up',
  mentee_no_show: 'Mentee did not show up',
  disputed: 'In review by support',
};

export const RESOLUTION_LABELS: Record<Resolution, string> = {
  pay_coach: 'Support decided the session happened: the mentor is paid.',
  refund_mentee: 'Support decided the session did not happen: the mentee is refunded in full.',
  split: 'Support decided to refund part of the price and pay the mentor the rest.',
};

export const HAPPENED_BUTTON = 'It happened';
export const NO_SHOW_BUTTON = 'They did not show up';

/** What "They did not show up" reports for the party pressing it. */
export const noShowReportOf = (viewer: Party): OutcomeReport =>
  viewer === 'mentee' ? 'mentor_no_show' : 'mentee_no_show';

/** The viewer's own report as the card says it back. */
export function ownReportNote(report: OutcomeReport, viewer: Party): string {
  if (report === 'happened') return 'You said the session happened.';
  return report === noShowReportOf(viewer) ? 'You said they did not show up.' : 'You said you could not attend.';
}

interface OutcomeOfView {
  start: string;
  end: string;
  outcome?: { state: OutcomeState } | null;
}

/** The two buttons are offered while the outcome is pending and the window is open (the server's rule too). */
export const canReportOutcome = (session: OutcomeOfView, now: Date): boolean =>
  session.outcome?.state === 'pending' && reportWindowOpen(session, now);
