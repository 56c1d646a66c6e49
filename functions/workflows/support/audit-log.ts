import { auditEntriesOfMonth, auditSortKey } from '../../data/audit';
import { profilesById } from '../../data/session-ratings';
import {
  type AuditEntry,
  auditDays,
  auditMonthsNewestFirst,
  auditSortKeyRange,
  isAuditSortKeyWithin,
} from '../../domain/audit';
import { afterCursor, afterOf } from '../../domain/cursor';
import { DomainError } from '../../domain/errors';
import type { AccountDirectory } from '../../domain/ports';
import type { AuditPage, AuditQuery } from '../../schemas/support';

export const AUDIT_PAGE_SIZE = 50;

const invalidCursor = () =>
  new DomainError('INVALID_CURSOR', 'This page link is no longer valid. Start from the first page.');

/**
 * A page of the audit log, newest first: the entries of the days asked (the last 30 by default), by
 * one actor or about one subject if asked, each with its actor's e-mail. The cursor continues this
 * listing only (its days and filters), after an entry inside its days; anything else is refused.
 */
export async function auditLogPage(query: AuditQuery, now: Date, accounts: AccountDirectory): Promise<AuditPage> {
  const { from, to } = auditDays(query, now);
  if (from > to)
    throw new DomainError('VALIDATION_FAILED', 'Some fields are missing or invalid.', [
      { field: 'query.from', message: 'Start on or before the end date.' },
    ]);
  const listing = JSON.stringify(['audit', from, to, query.actor ?? null, query.subject ?? null]);
  const after = query.cursor === undefined ? undefined : afterOf(query.cursor, listing);
  if (after !== undefined && !isAuditSortKeyWithin(after, from, to)) throw invalidCursor();

  const entries: AuditEntry[] = [];
  const { lowest, highest } = auditSortKeyRange(from, to);
  const months = auditMonthsNewestFirst(from, after?.slice(0, 10) ?? to);
  walk: for (const month of months) {
    const read = auditEntriesOfMonth({
      month,
      lowest,
      highest,
      after: after?.startsWith(month) ? after : undefined,
      newestFirst: true,
      actor: query.actor,
      subject: query.subject,
    });
    // One more than a page tells whether another page follows.
    for await (const entry of read) {
      entries.push(entry);
      if (entries.length > AUDIT_PAGE_SIZE) break walk;
    }
  }
  const shown = entries.slice(0, AUDIT_PAGE_SIZE);
  const last = shown.at(-1);
  const emails = await actorEmails(
    shown.map((entry) => entry.actor),
    accounts,
  );
  return {
    entries: shown.map(({ expiresAt: _expiresAt, ...entry }) => ({
      ...entry,
      actorEmail: emails.get(entry.actor) ?? null,
    })),
    cursor: entries.length > AUDIT_PAGE_SIZE && last ? afterCursor(listing, auditSortKey(last)) : null,
  };
}

/** Each actor's e-mail: from their profile, else their account (staff may have no profile); none once deleted. */
async function actorEmails(actors: readonly string[], accounts: AccountDirectory): Promise<Map<string, string | null>> {
  const profiles = await profilesById(actors);
  const emails = new Map<string, string | null>();
  for (const actor of new Set(actors)) {
    emails.set(actor, profiles.get(actor)?.email ?? (await accounts.emailOf(actor)));
  }
  return emails;
}
