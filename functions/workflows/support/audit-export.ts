import { auditEntriesOfMonth } from '../../data/audit';
import { auditSortKeyRange } from '../../domain/audit';
import type { AuditArchive } from '../../domain/ports';

/**
 * Copies one UTC day of the audit log to the finance archive, oldest first, one entry per line. The
 * same day exported again writes the same object with the same lines (entries are never changed).
 */
export async function exportAuditDay(day: string, archive: AuditArchive): Promise<{ day: string; entries: number }> {
  const lines: string[] = [];
  const read = auditEntriesOfMonth({ month: day.slice(0, 7), ...auditSortKeyRange(day, day), newestFirst: false });
  for await (const entry of read) lines.push(`${JSON.stringify(entry)}\n`);
  await archive.keepDay(day, lines.join(''));
  return { day, entries: lines.length };
}
