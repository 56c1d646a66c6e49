import { getProfile } from '../data/profiles';
import { ratingOfSession } from '../data/session-ratings';
import type { SessionItem } from '../domain/session-item';
import type { SessionView } from '../schemas/session';
import { toSessionView } from './views/session';

/** A session as one of its parties sees it, with the other party's public fields and the session's rating. */
export async function viewForParty(session: SessionItem, viewerId: string): Promise<SessionView> {
  const otherId = session.coachId === viewerId ? session.menteeId : session.coachId;
  const [other, rating] = await Promise.all([getProfile(otherId), ratingOfSession(session.id)]);
  return toSessionView(session, viewerId, other, rating);
}
