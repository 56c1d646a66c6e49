import { mailerFromEnvironment } from '../adapters/mailer';
import { meetingsFromEnvironment } from '../adapters/meetings';
import { schedulerFromEnvironment } from '../adapters/scheduler';
import { serviceTokensOf, updateServiceTokens } from '../data/service-connections';
import { getProfile } from '../data/profiles';
import type { ProfileItem } from '../data/profile-item';
import type { SessionItem } from '../data/session-item';
import { getSession, recordSessionFields } from '../data/sessions';
import { sessionConfirmationEmail } from '../domain/session-emails';
import { log } from '../http/log';
import { siteOrigin } from '../http/site';
import { REMINDERS, reminderTime } from './reminders';

export const NO_MEETING_NOTE =
  'Your mentor has not connected Zoom; they will send you the meeting link before the session.';

/** A later try of the side effects that failed, as EventBridge Scheduler would retry a target. */
const RETRY_AFTER_MS = 2 * 60_000;

async function createMeeting(session: SessionItem, coach: ProfileItem, now: Date): Promise<SessionItem> {
  if (session.meetingUrl || session.meetingNote) return session;
  const meetings = meetingsFromEnvironment();
  const tokens = coach.zoomConnected ? await serviceTokensOf('zoom', coach.userId) : null;
  if (!meetings || !tokens) {
    await recordSessionFields(session.id, { meetingNote: NO_MEETING_NOTE }, now);
    return { ...session, meetingNote: NO_MEETING_NOTE };
  }
  const created = await meetings.createMeeting(tokens, {
    topic: 'Physician Mentors session',
    start: session.start,
    durationMinutes: session.durationMinutes,
  });
  if (created.tokens !== tokens) await updateServiceTokens('zoom', coach.userId, created.tokens, now);
  await recordSessionFields(session.id, { meetingId: created.meetingId, meetingUrl: created.joinUrl }, now);
  return { ...session, meetingId: created.meetingId, meetingUrl: created.joinUrl };
}

async function sendConfirmations(session: SessionItem, coach: ProfileItem, mentee: ProfileItem, now: Date) {
  if (session.confirmationSentAt) return;
  const mailer = mailerFromEnvironment();
  const letters = [
    { recipient: mentee, role: 'mentee' as const, other: coach },
    { recipient: coach, role: 'coach' as const, other: mentee },
  ];
  for (const letter of letters) {
    await mailer.send(sessionConfirmationEmail({ ...letter, session, siteOrigin: siteOrigin(), now }));
  }
  await recordSessionFields(session.id, { confirmationSentAt: now.toISOString() }, now);
}

/**
 * What follows a confirmed or paid session: its meeting, both confirmation e-mails with the
 * invitation, and the schedule that completes it at its end. Each step is skipped once done, so
 * running it again after a failure finishes only what is missing.
 */
export async function finishConfirmedSession(sessionId: string, now: Date): Promise<void> {
  const stored = await getSession(sessionId);
  if (!stored || (stored.status !== 'confirmed' && stored.status !== 'scheduled')) return;
  const [coach, mentee] = await Promise.all([getProfile(stored.coachId), getProfile(stored.menteeId)]);
  if (!coach || !mentee) throw new Error(`A party of session ${sessionId} has no profile`);
  const session = await createMeeting(stored, coach, now);
  await sendConfirmations(session, coach, mentee, now);
  await schedulerFromEnvironment().schedule('completeSession', session.id, new Date(session.end));
  for (const { job, hoursBefore } of REMINDERS) {
    const at = reminderTime(session.start, hoursBefore);
    if (at > now) await schedulerFromEnvironment().schedule(job, session.id, at);
  }
}

/** The booking stands whatever happens here: a failure is logged and tried again later. */
export async function finishConfirmedSessionOrRetry(session: SessionItem, now: Date): Promise<void> {
  try {
    await finishConfirmedSession(session.id, now);
  } catch (error) {
    log('error', 'finishing a confirmed session failed; will retry', { sessionId: session.id, error: String(error) });
    await schedulerFromEnvironment()
      .schedule('finishBooking', session.id, new Date(now.getTime() + RETRY_AFTER_MS))
      .catch((scheduleError: unknown) =>
        log('error', 'could not schedule the retry', { sessionId: session.id, error: String(scheduleError) }),
      );
  }
}
