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
    // The Web Crypto global, not node:crypto: the console (SPA) loads this module through schemas/support.ts.
    id: crypto.randomUUID(),
    at: now.toISOString(),
    ...facts,
    expiresAt: Math.floor(now.getTime() / 1000) + AUDIT_RETENTION_DAYS * 24 * 60 * 60,
  };
}

/** What the audit log shows without dates: the last 30 days, today included. */
export const DEFAULT_AUDIT_DAYS = 30;

/** The UTC days (`YYYY-MM-DD`, both included) a read of the log covers: `to` defaults to today, `from` to 29 days before it. */
export function auditDays(asked: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = asked.to ?? now.toISOString().slice(0, 10);
  const defaultFrom = new Date(`${to}T00:00:00.000Z`);
  defaultFrom.setUTCDate(defaultFrom.getUTCDate() - (DEFAULT_AUDIT_DAYS - 1));
  return { from: asked.from ?? defaultFrom.toISOString().slice(0, 10), to };
}

/** The months (`YYYY-MM`) of the days `from` to `to`, the latest first: the partitions a read walks. */
export function auditMonthsNewestFirst(from: string, to: string): string[] {
  const months: string[] = [];
  const month = new Date(`${to.slice(0, 7)}-01T00:00:00.000Z`);
  while (month.toISOString().slice(0, 7) >= from.slice(0, 7)) {
    months.push(month.toISOString().slice(0, 7));
    month.setUTCMonth(month.getUTCMonth() - 1);
  }
  return months;
}

/** The lowest and highest sort key (keys.audit) of an entry on the days `from` to `to`. */
export const auditSortKeyRange = (from: string, to: string) => ({ lowest: `${from}T`, highest: `${to}T\uffff` });

/** `<ISO instant>#<uuid>`: the only sort key an audit cursor may hold. */
const AUDIT_SORT_KEY =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)#[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `sortKey` is an entry's sort key on the days `from` to `to` (a cursor may only continue inside its range). */
export function isAuditSortKeyWithin(sortKey: string, from: string, to: string): boolean {
  const instant = AUDIT_SORT_KEY.exec(sortKey)?.[1];
  // Round-tripped: Date.parse rolls a day that does not exist (02-30) over into the next month.
  if (!instant || Number.isNaN(Date.parse(instant)) || new Date(instant).toISOString() !== instant) return false;
  const { lowest, highest } = auditSortKeyRange(from, to);
  return sortKey >= lowest && sortKey <= highest;
}
