import type { SessionItem } from '../../domain/session-item';
import { completeEndedSession, getSession } from '../../data/sessions';
import { DomainError } from '../../domain/errors';
import { heldPastItsEnd } from '../../domain/session-status';

/** Another user's session answers exactly as a missing one does, so ids cannot be probed. */
const isPartyOf = (session: SessionItem, userId: string) => session.coachId === userId || session.menteeId === userId;

/** A session the caller takes part in; anyone else's answers 404, like one that does not exist. */
export async function sessionOfParty(sessionId: string, userId: string): Promise<SessionItem> {
  const session = await getSession(sessionId);
  if (!session || !isPartyOf(session, userId)) throw new DomainError('NOT_FOUND', 'Session not found');
  return session;
}

/**
 * Completion before rating: a held session whose end has passed is completed first, so a mentee
 * can rate it before the scheduled completion job has run.
 */
export async function completedIfEnded(session: SessionItem, now: Date): Promise<SessionItem> {
  if (!heldPastItsEnd(session, now)) return session;
  await completeEndedSession(session.id, now);
  return (await getSession(session.id)) ?? session;
}
