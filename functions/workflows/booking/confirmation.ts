import { getProfile } from '../../data/profiles';
import type { SessionItem } from '../../domain/session-item';
import { getSession } from '../../data/sessions';
import { sessionConfirmationEmail } from '../../domain/session-emails';
import { siteOrigin } from '../../runtime/site';
import { followUpOnce, followUpOnceRecording } from './follow-ups';
import { bookingEventOf, writeBookingEvent } from '../calendars/booking-events';
import { REMINDERS, reminderTime } from './reminders';
import { arrangeMeeting } from './session-meeting';
import { mailer } from '../../runtime/ports/mailer';
import { scheduler } from '../../runtime/ports/scheduler';

/** A held session's completion at its end, and the reminders still ahead of `now`. */
export const schedulesOf = (session: Pick<SessionItem, 'start' | 'end'>, now: Date) =>
  [
    { job: 'completeSession' as const, at: new Date(session.end) },
    ...REMINDERS.map(({ job, hoursBefore }) => ({ job, at: reminderTime(session.start, hoursBefore) })),
  ].filter(({ at, job }) => job === 'completeSession' || at > now);

/**
 * What follows a confirmed or paid session, each done exactly once however often this runs (a
 * retry after a crash, a second start): the first try of its meeting, the confirmation e-mail with
 * the invitation to each party, the schedule that completes it at its end, the reminders, and its
 * event in the coach's own calendar. Whatever Zoom answers, the rest is done: a meeting Zoom could
 * not create yet is tried again on its own (workflows/booking/session-meeting.ts). Stops as soon as
 * the session is no longer held, and answers whether it still was.
 */
export async function finishConfirmedSession(sessionId: string, now: Date): Promise<boolean> {
  const stored = await getSession(sessionId);
  if (!stored || (stored.status !== 'confirmed' && stored.status !== 'scheduled')) return false;
  const [coach, mentee] = await Promise.all([getProfile(stored.coachId), getProfile(stored.menteeId)]);
  if (!coach || !mentee) throw new Error(`A party of session ${sessionId} has no profile`);
  await arrangeMeeting(sessionId, 1, now);
  // The e-mails and the coach's calendar event carry the meeting link once it exists, whichever run created it.
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
