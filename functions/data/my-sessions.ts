import { MAX_EXTERNAL_SESSION_MINUTES } from '../domain/booking';
import { readIndexRange } from './index-range';
import { keys } from './keys';
import type { SessionItem } from '../domain/session-item';
import { tableSchema } from './table-schema';

export type SessionsWhen = 'upcoming' | 'past';

/** No session lasts longer, so one that started earlier than this before now has ended. */
const LONGEST_SESSION_MS = MAX_EXTERNAL_SESSION_MINUTES * 60_000;

/**
 * Which sessions a section holds (spec section 4, Dashboard display status): upcoming are the held
 * ones not yet over; past are the rest, cancelled ones ahead included. A pending payment is in
 * neither. The clock decides, so a session that ended shows as past before the completion job runs.
 */
function sectionFilter(when: SessionsWhen, now: Date) {
  const names = { '#f0': 'status', '#f1': 'end' };
  const values = { ':f0': 'confirmed', ':f1': 'scheduled', ':f2': now.toISOString() };
  if (when === 'upcoming') return { expression: '#f0 IN (:f0, :f1) AND #f1 > :f2', names, values };
  return {
    expression: '(#f0 IN (:f3, :f4)) OR (#f0 IN (:f0, :f1) AND #f1 <= :f2)',
    names,
    values: { ...values, ':f3': 'completed', ':f4': 'cancelled' },
  };
}

/** The gsi1/gsi2 sort key both indexes share, so the two lists merge into one order. */
export const sessionSortKey = (session: SessionItem) => keys.sessionIndexes(session).gsi1sk;

/**
 * One page of a user's sessions in one dashboard section, as coach (gsi1) and as mentee (gsi2):
 * upcoming in start order, past newest first, continuing after the sort key `after`. Each index
 * is read for at most `limit + 1` matches, so a page costs the same however long the history is.
 */
export async function sessionsPage(
  userId: string,
  when: SessionsWhen,
  page: { after?: string; limit: number },
  now: Date,
): Promise<{ sessions: SessionItem[]; more: boolean }> {
  const descending = when === 'past';
  const between =
    when === 'upcoming' ? { from: new Date(now.getTime() - LONGEST_SESSION_MS).toISOString(), to: '~' } : undefined;
  const read = (index: (typeof tableSchema.indexes)['byOwner' | 'byParty'], partition: string) =>
    readIndexRange<SessionItem & Record<string, unknown>>(
      { index, partition, between, after: page.after, descending, filter: sectionFilter(when, now) },
      page.limit + 1,
    );
  const [asCoach, asMentee] = await Promise.all([
    read(tableSchema.indexes.byOwner, keys.coachSessionsPartition(userId)),
    read(tableSchema.indexes.byParty, keys.menteeSessionsPartition(userId)),
  ]);
  const byId = new Map<string, SessionItem>();
  for (const session of [...asCoach, ...asMentee]) byId.set(session.id, session);
  // Byte order, as DynamoDB sorts keys (localeCompare would weigh '#' differently).
  const ascending = (a: SessionItem, b: SessionItem) => (sessionSortKey(a) < sessionSortKey(b) ? -1 : 1);
  const merged = [...byId.values()].sort((a, b) => (descending ? ascending(b, a) : ascending(a, b)));
  return { sessions: merged.slice(0, page.limit), more: merged.length > page.limit };
}
