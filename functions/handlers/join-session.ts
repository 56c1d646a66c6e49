import { recordMenteeJoin } from '../data/sessions';
import { DomainError } from '../domain/errors';
import { joinCounts } from '../domain/ratings';
import { httpHandler } from '../http/handler';
import { sessionPath } from '../schemas/session';
import type { JoinResult } from '../schemas/session-actions';
import { sessionOfParty } from '../workflows/booking/party-session';

/**
 * `POST /api/sessions/{id}/join` → `{meetingUrl}`: every join button and e-mailed meeting link goes
 * through the SPA's `/sessions/{id}/join`, which calls this with the party's token and then opens
 * the meeting. The mentee's first join while the session is on is recorded: it is what makes a free
 * consultation rateable (domain/ratings.ts). A POST, because it writes.
 */
export const handler = httpHandler({ schemas: { path: sessionPath }, auth: true }, async ({ path, caller, now }) => {
  const session = await sessionOfParty(path.id, caller.userId);
  if (session.status !== 'confirmed' && session.status !== 'scheduled') {
    throw new DomainError('NO_MEETING_LINK', 'This session is not on: there is no meeting to join.');
  }
  if (!session.meetingUrl) {
    throw new DomainError('NO_MEETING_LINK', 'This session has no meeting link yet.');
  }
  if (session.menteeId === caller.userId && joinCounts(session, now)) {
    await recordMenteeJoin(session.id, caller.userId, now);
  }
  const body: JoinResult = { meetingUrl: session.meetingUrl };
  return { status: 200, body };
});
