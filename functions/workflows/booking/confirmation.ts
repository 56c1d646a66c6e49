import { getProfile } from '../../data/profiles';
import type { ProfileItem } from '../../domain/profile-item';
import { serviceTokensOf, updateServiceTokens } from '../../data/service-connections';
import type { SessionItem } from '../../domain/session-item';
import { getSession, type SessionSideFields } from '../../data/sessions';
import { sessionConfirmationEmail } from '../../domain/session-emails';
import { siteOrigin } from '../../runtime/site';
import { followUpOnce, followUpOnceRecording } from './follow-ups';
import { bookingEventOf, writeBookingEvent } from '../calendars/booking-events';
import { REMINDERS, reminderTime } from './reminders';
import { mailer } from '../../runtime/ports/mailer';
import { meetings } from '../../runtime/ports/meetings';
import { scheduler } from '../../runtime/ports/scheduler';

export const NO_MEETING_NOTE =
  'Your mentor has not connected Zoom; they will send you the meeting link before the session.';

/** A meeting on the coach's Zoom at the session's time, or the note that says why there is none. */
export async function createMeeting(session: SessionItem, coach: ProfileItem, now: Date): Promise<SessionSideFields> {
  const provider = meetings();
  const tokens = coach.zoomConnected ? await serviceTokensOf('zoom', coach.userId) : null;
  if (!provider || !tokens) return { meetingNote: NO_MEETING_NOTE };
  const created = await provider.createMeeting(tokens, {
    topic: 'Physician Mentors session',
    start: session.start,
    durationMinutes: session.durationMinutes,
  });
  if (created.tokens !== tokens) await updateServiceTokens('zoom', coach.userId, created.tokens, now);
  return { meetingId: created.meetingId, meetingUrl: created.joinUrl };
}

/** A held session's completion at its end, and the reminders still ahead of `now`. */
export const schedulesOf = (session: Pick<SessionItem, 'start' | 'end'>, now: Date) =>
  [
    { job: 'completeSession' as const, at: new Date(session.end) },
    ...REMINDERS.map(({ job, hoursBefore }) => ({ job, at: reminderTime(session.start, hoursBefore) })),
  ].filter(({ at, job }) => job === 'completeSession' || at > now);

/**
 * What follows a confirmed or paid session, each done exactly once however often this runs (a
 * retry after a crash, a second start): its meeting, the confirmation e-mail with the invitation to
 * each party, the schedule that completes it at its end, the reminders, and its event in the
 * coach's own calendar. Stops as soon as the session is no longer held, and answers whether it
 * still was.
 */
export async function finishConfirmedSession(sessionId: string, now: Date): Promise<boolean> {
  const stored = await getSession(sessionId);
  if (!stored || (stored.status !== 'confirmed' && stored.status !== 'scheduled')) return false;
  const [coach, mentee] = await Promise.all([getProfile(stored.coachId), getProfile(stored.menteeId)]);
  if (!coach || !mentee) throw new Error(`A party of session ${sessionId} has no profile`);
  if (!(await followUpOnceRecording(sessionId, 'meeting', now, () => createMeeting(stored, coach, now)))) return false;
  // The e-mails and the coach's calendar event carry the meeting link, whichever run created it.
  const session = (await getSession(sessionId)) ?? stored;
  const letters = [
    { recipient: mentee, role: 'mentee' as const, other: coach },
    { recipient: coach, role: 'coach' as const, other: mentee },
  ];
  for (const letter of letters) {
    const sent = await followUpOnce(sessionId, `confirmation:${letter.role}`, now, () =>
      mailer().send(sessionConfirmationEmail({ ...letter, session, siteOrigin: siteOrigin(), now })),
    );
    if (!sent) return false;
  }
  for (const { job, at } of schedulesOf(session, now)) {
    const scheduled = await followUpOnce(sessionId, `schedule:${job}`, now, () =>
      scheduler().schedule(job, sessionId, at),
    );
    if (!scheduled) return false;
  }
  // Last: a calendar provider that is down delays only this (the job's retry), never the e-mails.
  return followUpOnceRecording(sessionId, 'calendarEvent', now, async () => ({
    calendarEvent: await writeBookingEvent(coach.userId, bookingEventOf(session, mentee), now),
  }));
}
