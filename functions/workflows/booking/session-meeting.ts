import { GrantRevokedError } from '../../adapters/calendar-providers';
import { rememberMeetingSession } from '../../data/meeting-sessions';
import { getProfile } from '../../data/profiles';
import { dropRevokedServiceTokens, serviceTokensOf, updateServiceTokens } from '../../data/service-connections';
import type { SessionSideFields } from '../../data/sessions';
import { getSession } from '../../data/sessions';
import { MEETING_FAILED_NOTE, NO_MEETING_NOTE, nextMeetingTry, zoomReconnectEmail } from '../../domain/meetings';
import type { ProfileItem } from '../../domain/profile-item';
import type { MeetingTokens } from '../../domain/ports';
import type { SessionItem } from '../../domain/session-item';
import { DependencyUnavailableError, isDependencyUnavailable } from '../../runtime/dependency-budget';
import { log } from '../../runtime/log';
import { mailer } from '../../runtime/ports/mailer';
import { meetings } from '../../runtime/ports/meetings';
import { scheduler } from '../../runtime/ports/scheduler';
import { siteOrigin } from '../../runtime/site';
import { deleteMeeting } from './cancellation';
import { followUpOnceRecording } from './follow-ups';

/** The meeting step of the session's current time: its booking's, or its latest move's (workflows/booking/rescheduling.ts). */
const meetingStep = (session: SessionItem) => {
  const count = session.rescheduleCount ?? 0;
  return count === 0 ? 'meeting' : `moved${count}:meeting`;
};

/**
 * Zoom refused the coach's grant for good: the coach is no longer connected (tokens dropped, so
 * later bookings do not call Zoom) and is told to reconnect, once: by the run that dropped them.
 */
async function zoomGrantLost(session: SessionItem, coach: ProfileItem, used: MeetingTokens, now: Date) {
  const stored = await serviceTokensOf('zoom', coach.userId);
  // Zoom's refresh tokens are single-use: another run that refreshed first is not a revoked grant.
  if (stored && stored.refreshToken !== used.refreshToken) {
    throw new DependencyUnavailableError('Zoom', 'the tokens were refreshed by another run meanwhile');
  }
  log('warn', "Zoom refused the coach's grant; Zoom is disconnected", { sessionId: session.id, coachId: coach.userId });
  if (stored && (await dropRevokedServiceTokens('zoom', coach.userId, stored, now))) {
    const mentee = await getProfile(session.menteeId);
    if (mentee) await mailer().send(zoomReconnectEmail(coach, mentee, session, siteOrigin()));
  }
  return { meetingNote: NO_MEETING_NOTE };
}

/**
 * A meeting on the coach's Zoom at the session's time (the one of its previous time deleted, after
 * a move), or the note that says why there is none. Zoom failing leaves a note rather than an
 * error, except a failure worth another try (`retry`), which throws.
 */
async function meetingOrNote(
  session: SessionItem,
  coach: ProfileItem,
  retry: boolean,
  now: Date,
): Promise<SessionSideFields> {
  const provider = meetings();
  const tokens = coach.zoomConnected ? await serviceTokensOf('zoom', coach.userId) : null;
  if (!provider || !tokens) return { meetingNote: NO_MEETING_NOTE };
  let created: Awaited<ReturnType<typeof provider.createMeeting>>;
  try {
    created = await provider.createMeeting(
      tokens,
      { topic: 'Physician Mentors session', start: session.start, durationMinutes: session.durationMinutes },
      (fresh) => updateServiceTokens('zoom', coach.userId, fresh, now),
    );
  } catch (error) {
    if (error instanceof GrantRevokedError) return zoomGrantLost(session, coach, tokens, now);
    if (retry && isDependencyUnavailable(error)) throw error;
    log('error', 'Zoom did not create the meeting; it is given up', { sessionId: session.id, error: String(error) });
    return { meetingNote: MEETING_FAILED_NOTE };
  }
  if (session.meetingId) {
    try {
      await deleteMeeting(session, now);
    } catch (error) {
      // It only stays unused in the coach's Zoom.
      log('warn', 'the old meeting of a moved session could not be deleted', {
        sessionId: session.id,
        error: String(error),
      });
    }
  }
  await rememberMeetingSession(
    created.meetingId,
    { sessionId: session.id, hostEmail: created.hostEmail },
    session.end,
    now,
  );
  return { meetingId: created.meetingId, meetingUrl: created.joinUrl };
}

/**
 * Try `tryNumber` of the held session's meeting at its current time, done once however often it
 * runs, and never in the way of the rest of the booking: the follow-up job makes the first try and
 * goes on whatever Zoom answers. A try Zoom could not answer (throttled, down, too slow) schedules
 * the next with backoff (the `createMeeting` job, domain/meetings.ts); the last leaves the note that
 * the mentor brings the link. A grant Zoom refuses disconnects the coach's Zoom (zoomGrantLost). A
 * try that finds another run at it throws, as every follow-up does, so its job runs again later.
 */
export async function arrangeMeeting(sessionId: string, tryNumber: number, now: Date): Promise<void> {
  const session = await getSession(sessionId);
  if (!session || (session.status !== 'confirmed' && session.status !== 'scheduled')) return;
  const coach = await getProfile(session.coachId);
  if (!coach) throw new Error(`The coach of session ${sessionId} has no profile`);
  const next = nextMeetingTry(tryNumber, now, session.start);
  try {
    await followUpOnceRecording(sessionId, meetingStep(session), now, () =>
      meetingOrNote(session, coach, next !== null, now),
    );
  } catch (error) {
    if (!isDependencyUnavailable(error)) throw error;
    log('warn', 'the meeting is tried again later', {
      sessionId,
      tryNumber,
      at: next?.toISOString(),
      error: String(error),
    });
    if (next) await scheduler().schedule('createMeeting', sessionId, next, tryNumber + 1);
  }
}
