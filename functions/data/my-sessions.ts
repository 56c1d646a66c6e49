import { keys } from './keys';
import { queryIndexPartition } from './query-all';
import type { SessionItem } from './session-item';
import { completeEndedSession, getSession } from './sessions';
import { tableSchema } from './table-schema';

/**
 * Every session a user takes part in, as coach (gsi1) and as mentee (gsi2), in start order and
 * without pending payments (spec section 7). Two Queries, never a Scan; a user who was both
 * coach and mentee of the same session cannot exist (booking yourself is refused), but the merge
 * keeps one copy per id anyway.
 */
export async function sessionsOfUser(userId: string): Promise<SessionItem[]> {
  const [asCoach, asMentee] = await Promise.all([
    queryIndexPartition<SessionItem>(tableSchema.indexes.byOwner, keys.coachSessionsPartition(userId)),
    queryIndexPartition<SessionItem>(
      tableSchema.indexes.byParty,
      keys.sessionIndexes({ id: '', coachId: '', menteeId: userId, start: '' }).gsi2pk,
    ),
  ]);
  const byId = new Map<string, SessionItem>();
  for (const session of [...asCoach, ...asMentee]) byId.set(session.id, session);
  return [...byId.values()]
    .filter((session) => session.status !== 'pending_payment')
    .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
}

/**
 * Completion on read: a held session whose end has passed is completed before it is shown or
 * rated, so the dashboard never waits for the scheduled job (which may not have run yet).
 */
export async function completedIfEnded(session: SessionItem, now: Date): Promise<SessionItem> {
  if ((session.status !== 'confirmed' && session.status !== 'scheduled') || session.end > now.toISOString()) {
    return session;
  }
  await completeEndedSession(session.id, now);
  return (await getSession(session.id)) ?? session;
}
