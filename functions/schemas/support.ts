import { AUDIT_ACTIONS } from '../domain/audit';
import { OUTCOME_REPORTS, OUTCOME_STATES, RESOLUTIONS } from '../domain/session-outcome';
import { SESSION_STATUSES } from '../domain/session-status';
import { recordId } from './record-id';
import * as z from './zod';

/**
 * The operations console's contract (docs/support.md): the `/api/support/*` routes' inputs and
 * answers, shared by the handlers and the console at /support.
 */

export const MAX_REASON_LENGTH = 1000;
const REASON_REQUIRED = 'Give a reason.';

/** Why a staff member acts: every action asks for one, and the audit log keeps it. */
export const staffReason = z
  .string({ error: REASON_REQUIRED })
  .check(
    z.trim(),
    z.minLength(1, REASON_REQUIRED),
    z.maxLength(MAX_REASON_LENGTH, `Reason must be ${MAX_REASON_LENGTH} characters or less`),
  );

export const reasonInput = z.object({ reason: staffReason });
export type ReasonInput = z.infer<typeof reasonInput>;

export const userPath = z.object({ id: recordId });
export const reportPath = z.object({ id: recordId });
export const deadLetterPath = z.object({ id: recordId });

export const ACCOUNT_STATES = ['active', 'suspended', 'deleted'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** `GET /api/support/users?q=`: an e-mail, name or id, matched from its start; at most 20 users. */
export const userSearchQuery = z.object({
  q: z
    .string({ error: 'Type an e-mail, a name or an id.' })
    .check(z.trim(), z.minLength(2, 'Type at least 2 characters.'), z.maxLength(200)),
});
export const MAX_USERS_FOUND = 20;

export const userSummary = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  userType: z.nullable(z.enum(['mentee', 'mentor'])),
  state: z.enum(ACCOUNT_STATES),
});
export type UserSummary = z.infer<typeof userSummary>;
export const userSearchResult = z.object({ users: z.array(userSummary) });

const money = z.object({
  priceCents: z.number(),
  refundedCents: z.number(),
  transferredCents: z.number(),
});

/** A session as support sees it: both parties, its outcome and where its money went. */
export const supportSessionView = z.object({
  id: z.string(),
  role: z.enum(['coach', 'mentee']),
  coachId: z.string(),
  menteeId: z.string(),
  otherPartyName: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(SESSION_STATUSES),
  isFreeConsultation: z.boolean(),
  planSession: z.boolean(),
  outcome: z.nullable(z.enum(OUTCOME_STATES)),
  resolution: z.nullable(z.object({ resolution: z.enum(RESOLUTIONS), refundCents: z.optional(z.number()) })),
  money,
});
export type SupportSessionView = z.infer<typeof supportSessionView>;

export const supportReportView = z.object({
  id: z.string(),
  kind: z.enum(['message', 'review']),
  /** The reported text as it stands (null once removed). */
  text: z.nullable(z.string()),
  authorId: z.string(),
  reporterId: z.string(),
  reason: z.string(),
  reportedAt: z.string(),
  status: z.enum(['open', 'dismissed', 'removed', 'author_suspended']),
});
export type SupportReportView = z.infer<typeof supportReportView>;

/** `GET /api/support/users/{id}`: everything support needs about one user (the read is audited). */
export const supportUserPage = z.object({
  user: z.extend(userSummary, { createdAt: z.nullable(z.string()), suspendedReason: z.nullable(z.string()) }),
  profile: z.nullable(
    z.object({
      published: z.boolean(),
      specialty: z.nullable(z.string()),
      hourlyRateCents: z.nullable(z.number()),
      timezone: z.nullable(z.string()),
    }),
  ),
  verification: z.nullable(z.object({ npi: z.nullable(z.string()), status: z.string() })),
  paymentAccount: z.nullable(z.object({ status: z.string(), payoutsEnabled: z.boolean() })),
  sessions: z.array(supportSessionView),
  plans: z.array(
    z.object({
      id: z.string(),
      role: z.enum(['coach', 'mentee']),
      status: z.string(),
      creditsLeft: z.number(),
      currentPeriodEnd: z.nullable(z.string()),
    }),
  ),
  /** Mentor no-shows decided in the last 90 days (two unpublish the coach). */
  noShowsIn90Days: z.number(),
  reportsAgainst: z.array(supportReportView),
});
export type SupportUserPage = z.infer<typeof supportUserPage>;

/** `POST /api/support/sessions/{id}/cancel`: cancels for a party and refunds in full, not at all, or this much. */
export const supportCancelInput = z.object({
  reason: staffReason,
  refund: z.union([
    z.literal('full'),
    z.literal('none'),
    z.object({
      amountCents: z.int({ error: 'Give the refund in whole cents.' }).check(z.gte(1, 'Refund at least 1 cent.')),
    }),
  ]),
});
export type SupportCancelInput = z.infer<typeof supportCancelInput>;

/** `GET /api/support/disputes`: disputed sessions not yet resolved, oldest first, with both reports and the joins. */
export const disputeList = z.object({
  disputes: z.array(
    z.object({
      session: z.extend(z.omit(supportSessionView, { role: true, otherPartyName: true }), {
        coachName: z.string(),
        menteeName: z.string(),
      }),
      reports: z.array(
        z.object({
          by: z.enum(['coach', 'mentee']),
          report: z.enum(OUTCOME_REPORTS),
          note: z.nullable(z.string()),
          at: z.string(),
        }),
      ),
      joins: z.object({ coachJoinedAt: z.nullable(z.string()), menteeJoinedAt: z.nullable(z.string()) }),
      disputedAt: z.string(),
    }),
  ),
});
export type DisputeList = z.infer<typeof disputeList>;

/** `GET /api/support/reports?status=open`: reported messages and reviews, oldest first. */
export const reportQuery = z.object({ status: z.optional(z.enum(['open', 'decided'])) });
export const reportList = z.object({ reports: z.array(supportReportView) });

export const REPORT_DECISIONS = ['dismiss', 'remove_content', 'suspend_author'] as const;
export const decideReportInput = z.object({ action: z.enum(REPORT_DECISIONS), note: staffReason });
export type DecideReportInput = z.infer<typeof decideReportInput>;

/** `GET /api/support/dead-letters`: the jobs that ran out of retries. */
export const deadLetterList = z.object({
  deadLetters: z.array(
    z.object({
      id: z.string(),
      /** The job (its function's operation name). */
      kind: z.string(),
      /** What it was about, e.g. `session:<id>`. */
      subject: z.nullable(z.string()),
      lastError: z.string(),
      tries: z.number(),
      at: z.string(),
    }),
  ),
});
export type DeadLetterList = z.infer<typeof deadLetterList>;

/** `GET /api/support/audit?from&to&actor&subject&cursor` (support and finance): newest first. */
export const auditQuery = z.object({
  from: z.optional(z.iso.date()),
  to: z.optional(z.iso.date()),
  actor: z.optional(z.string().check(z.maxLength(200))),
  subject: z.optional(z.string().check(z.maxLength(200))),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntryView = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  actorEmail: z.nullable(z.string()),
  action: z.enum(AUDIT_ACTIONS),
  subject: z.string(),
  reason: z.string(),
  before: z.optional(z.unknown()),
  after: z.optional(z.unknown()),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;
export const auditPage = z.object({ entries: z.array(auditEntryView), cursor: z.nullable(z.string()) });
export type AuditPage = z.infer<typeof auditPage>;
