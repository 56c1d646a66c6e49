import type { REPORT_DECISIONS } from '../schemas/support';
import { DomainError } from './errors';
import { escapeHtml } from './html';
import type { Mail } from './ports';

export type ReportDecision = (typeof REPORT_DECISIONS)[number];

export const REPORT_STATUSES = ['open', 'dismissed', 'removed', 'author_suspended'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * A party's report of what another wrote (pk REPORT#id, sk REPORT; copied into support's queue),
 * and support's decision once made. Only messages can be reported so far.
 */
export interface ReportItem {
  id: string;
  kind: 'message';
  messageId: string;
  conversationId: string;
  seq: number;
  authorId: string;
  reporterId: string;
  reason: string;
  reportedAt: string;
  status: ReportStatus;
  decidedBy?: string;
  decidedAt?: string;
  note?: string;
}

const STATUS_AFTER: Record<ReportDecision, Exclude<ReportStatus, 'open'>> = {
  dismiss: 'dismissed',
  remove_content: 'removed',
  suspend_author: 'author_suspended',
};

/** The status a decision leaves the report in. */
export const statusAfter = (decision: ReportDecision) => STATUS_AFTER[decision];

/** Whether the decision takes the reported content down (suspending its author does too). */
export const removesContent = (decision: ReportDecision) => decision !== 'dismiss';

/** Each report is decided once: a second decision is refused, whatever it would have been. */
export function assertOpen(report: Pick<ReportItem, 'status'>): void {
  if (report.status !== 'open')
    throw new DomainError('REPORT_DECIDED', 'This report has already been decided.', [{ status: report.status }]);
}

const OUTCOME_TEXT: Record<ReportDecision, string> = {
  dismiss:
    'Our team reviewed it and found that it does not break our community guidelines, so it stays in the conversation.',
  remove_content: 'Our team reviewed it and removed it: it no longer shows in the conversation, for either of you.',
  suspend_author:
    'Our team reviewed it and removed it: it no longer shows in the conversation, for either of you. The account of the person who wrote it is suspended.',
};

/**
 * Tells the reporter what support decided of their report. Like every message e-mail it never
 * carries the message's text: it links to the conversation.
 */
export function reportOutcomeEmail(letter: {
  reporter: { email: string; firstName: string };
  decision: ReportDecision;
  conversationUrl: string;
}): Mail {
  const { reporter, conversationUrl } = letter;
  const lead = 'Thank you for reporting a message on Physician Mentors.';
  const outcome = OUTCOME_TEXT[letter.decision];
  return {
    to: reporter.email,
    subject: 'We reviewed the message you reported',
    text: [`Hello ${reporter.firstName},`, '', lead, outcome, '', `The conversation: ${conversationUrl}`, ''].join(
      '\n',
    ),
    html: `<p>Hello ${escapeHtml(reporter.firstName)},</p>
<p>${escapeHtml(lead)} ${escapeHtml(outcome)}</p>
<p><a href="${escapeHtml(conversationUrl)}">Open the conversation</a></p>`,
  };
}
