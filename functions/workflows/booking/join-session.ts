import { recordMenteeJoin } from '../../data/sessions';
import { DomainError } from '../../domain/errors';
import { joinCounts } from '../../domain/ratings';
import { sessionOfParty } from './party-session';

/**
 * Where a party goes to join the session: its meeting. The mentee's first join while the session
 * is on is recorded: it is what makes a free consultation rateable (domain/ratings.ts).
 */
export async function joinSession(sessionId: string, userId: string, now: Date): Promise<string> {
  const session = await sessionOfParty(sessionId, userId);
  if (session.status !== 'confirmed' && session.status !== 'scheduled') {
    throw new DomainError('NO_MEETING_LINK', 'This session is not on: there is no meeting to join.');
  }
  if (!session.meetingUrl) {
    throw new DomainError('NO_MEETING_LINK', 'This session has no meeting link yet.');
  }
  if (session.menteeId === userId && joinCounts(session, now)) {
    await recordMenteeJoin(session.id, userId, now);
  }
  return session.meetingUrl;
}
