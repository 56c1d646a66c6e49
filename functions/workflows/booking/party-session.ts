import { getProfile } from '../../data/profiles';
import type { SessionItem } from '../../domain/session-item';
import { ratingOfSession } from '../../data/session-ratings';
import { getSession } from '../../data/sessions';
import { DomainError } from '../../domain/errors';
import type { SessionView } from '../../schemas/session';
import { toSessionView } from '../../http/views/session';

/** Another user's session answers exactly as a missing one does, so ids cannot be probed. */
const isPartyOf = (session: SessionItem, userId: string) => session.coachId === userId || session.menteeId === userId;

/** A session the caller takes part in; anyone else's answers 404, like one that does not exist. */
export async function sessionOfParty(sessionId: string, userId: string): Promise<SessionItem> {
  const session = await getSession(sessionId);
  if (!session || !isPartyOf(session, userId)) throw new DomainError('NOT_FOUND', 'Session not found');
  return session;
}

export async function viewForParty(session: SessionItem, viewerId: string): Promise<SessionView> {
  const otherId = session.coachId === viewerId ? session.menteeId : session.coachId;
  const [other, rating] = await Promise.all([getProfile(otherId), ratingOfSession(session.id)]);
  return toSessionView(session, viewerId, other, rating);
}
