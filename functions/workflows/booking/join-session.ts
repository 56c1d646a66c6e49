import { recordJoin } from '../../data/sessions';
import { DomainError } from '../../domain/errors';
import { joinCounts } from '../../domain/ratings';
import { sessionOfParty } from './party-session';

/**
 * Where a party goes to join the session: its meeting. Each party's first join while the session
 * is on is recorded: the mentee's makes a free consultation rateable (domain/ratings.ts), and
 * either is the evidence a no-show report is checked against (domain/session-outcome.ts).
 */
export async function joinSession(sessionId: string, userId: string, now: Date): Promise<string> {
  const session = await sessionOfParty(sessionId, userId);
  if (session.status !== 'confirmed' && session.status !== 'scheduled') {
    throw new DomainError('NO_MEETING_LINK', 'This session is not on: there is no meeting to join.');
  }
  if (!session.meetingUrl) {
    throw new DomainError('NO_MEETING_LINK', 'This session has no meeting link yet.');
  }
  if (joinCounts(session, now)) await recordJoin(session.id, session.coachId === userId ? 'coach' : 'mentee', now);
  return session.meetingUrl;
}
