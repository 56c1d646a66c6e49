import { blankPreviews, getConversation, getMessage, messagesOf } from '../../data/conversations';
import { getProfile } from '../../data/profiles';
import { getReport, reportsIn, storeDecision } from '../../data/reports';
import { auditEntry } from '../../domain/audit';
import { DomainError } from '../../domain/errors';
import type { MessageItem } from '../../domain/messages';
import {
  assertOpen,
  type ReportDecision,
  type ReportItem,
  removesContent,
  reportOutcomeEmail,
  statusAfter,
} from '../../domain/reports';
import { log } from '../../runtime/log';
import { mailer } from '../../runtime/ports/mailer';
import { siteOrigin } from '../../runtime/site';
import { conversationPagePath } from '../messages/send-message';
import { suspendUser } from './suspension';

const MAX_DECIDE_ATTEMPTS = 5;

/** What is left of a reported message to show: its text, unless it was removed or is gone. */
const shownText = (message: MessageItem | undefined) =>
  message && message.moderationStatus !== 'rejected' ? message.body : null;

type ShownReport = { report: ReportItem; text: string | null };

/** Each report with its message as it stands. */
async function withTexts(reports: readonly ReportItem[]): Promise<ShownReport[]> {
  const messages = await messagesOf(reports);
  const byId = new Map(messages.map((message) => [message.id, message]));
  return reports.map((report) => ({ report, text: shownText(byId.get(report.messageId)) }));
}

/** Support's queue: open (or decided) reports, oldest first, each with its message as it stands. */
export async function listReports(status: 'open' | 'decided'): Promise<ShownReport[]> {
  return withTexts(await reportsIn(status));
}

/**
 * Support decides a report, exactly once: the decision, the message's removal and the audit entry
 * in one transaction (a second decision, or the loser of two at once, is 409 REPORT_DECIDED). Then
 * a removed message leaves both list previews, `suspend_author` suspends its author (a suspended
 * author stays as is), and the reporter is told the outcome by e-mail.
 */
export async function decideReport(
  reportId: string,
  actorId: string,
  input: { action: ReportDecision; note: string },
  now: Date,
): Promise<ShownReport> {
  const decided = await storeDecisionOnce(reportId, actorId, input, now);
  if (removesContent(input.action)) await takeDownPreviews(decided);
  if (input.action === 'suspend_author') {
    await suspendUser(decided.authorId, actorId, input.note, now).catch((error: unknown) => {
      if (!(error instanceof DomainError && error.code === 'ALREADY_SUSPENDED')) throw error;
    });
  }
  await tellReporter(decided, input.action);
  const [shown] = await withTexts([decided]);
  return shown ?? { report: decided, text: null };
}

async function storeDecisionOnce(
  reportId: string,
  actorId: string,
  input: { action: ReportDecision; note: string },
  now: Date,
): Promise<ReportItem> {
  for (let attempt = 1; attempt <= MAX_DECIDE_ATTEMPTS; attempt++) {
    const report = await getReport(reportId);
    if (!report) throw new DomainError('NOT_FOUND', 'No such report.');
    assertOpen(report);
    const decision = {
      status: statusAfter(input.action),
      decidedBy: actorId,
      note: input.note,
      decidedAt: now.toISOString(),
    };
    const audit = auditEntry(
      {
        actor: actorId,
        action: 'decide_report',
        subject: `report:${reportId}`,
        reason: input.note,
        before: { status: report.status },
        after: {
          status: decision.status,
          action: input.action,
          authorId: report.authorId,
          messageId: report.messageId,
        },
      },
      now,
    );
    const removed = removesContent(input.action) ? report : null;
    if (await storeDecision(report, decision, audit, removed)) return { ...report, ...decision };
  }
  throw new Error(`Report ${reportId} changed under each of ${MAX_DECIDE_ATTEMPTS} attempts to decide it`);
}

async function takeDownPreviews(report: ReportItem): Promise<void> {
  const [message, conversation] = await Promise.all([
    getMessage(report.conversationId, report.seq),
    getConversation(report.conversationId),
  ]);
  if (message && conversation) await blankPreviews(message, conversation.parties);
}

/** The e-mail is the last step: a failure is logged, never undoes the decision. */
async function tellReporter(report: ReportItem, decision: ReportDecision): Promise<void> {
  try {
    const reporter = await getProfile(report.reporterId);
    if (!reporter) return;
    await mailer().send(
      reportOutcomeEmail({
        reporter,
        decision,
        conversationUrl: `${siteOrigin()}${conversationPagePath(report.conversationId)}`,
      }),
    );
  } catch (error) {
    log('error', 'report decided: e-mail to the reporter failed', { reportId: report.id, error: String(error) });
  }
}
