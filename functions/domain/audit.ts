import { randomUUID } from 'node:crypto';

/** How long the audit log keeps an entry: seven years, as finance keeps payment records. */
export const AUDIT_RETENTION_DAYS = 7 * 365 + 2;

/** What a staff member did (or read: `read_user`), each one entry of the audit log. */
export const AUDIT_ACTIONS = [
  'resolve_session',
  'cancel_session',
  'suspend_user',
  'unsuspend_user',
  'delete_user',
  'decide_report',
  'redrive_dead_letter',
  'read_user',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about: `session:<id>`, `user:<id>`, `report:<id>` or `dead-letter:<id>`. */
export type AuditSubject = `${'session' | 'user' | 'report' | 'dead-letter'}:${string}`;

/**
 * One entry of the audit log: who did what to whom, why, and the record before and after. Written in
 * the same transaction as the action it records, never updated or deleted (expiresAt: DynamoDB's TTL).
 */
export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: AuditAction;
  subject: AuditSubject;
  reason: string;
  before?: unknown;
  after?: unknown;
  /** Epoch seconds: the table's TTL removes the entry after AUDIT_RETENTION_DAYS. */
  expiresAt: number;
}

export type AuditFacts = Pick<AuditEntry, 'actor' | 'action' | 'subject' | 'reason' | 'before' | 'after'>;

/** The entry that records `facts` at `now`, with a new id. */
export function auditEntry(facts: AuditFacts, now: Date): AuditEntry {
  return {
    id: randomUUID(),
    at: now.toISOString(),
    ...facts,
    expiresAt: Math.floor(now.getTime() / 1000) + AUDIT_RETENTION_DAYS * 24 * 60 * 60,
  };
}
