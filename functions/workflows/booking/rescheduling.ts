import { availabilityOfCoach } from '../../data/availability';
import { getProfile } from '../../data/profiles';
import { moveSession } from '../../data/rescheduling';
import type { SessionItem } from '../../domain/session-item';
import { getSession } from '../../data/sessions';
import { isoSeconds } from '../../domain/instants';
import { planReschedule } from '../../domain/rescheduling';
import { sessionRescheduledEmail } from '../../domain/session-emails';
import { siteOrigin } from '../../runtime/site';
import type { RescheduleSessionInput } from '../../schemas/session-actions';
import { JOBS_OF_A_HELD_SESSION } from './cancellation';
import { schedulesOf } from './confirmation';
import { followUpOnce } from './follow-ups';
import { arrangeMeeting } from './session-meeting';
import { bookingEventOf, moveBookingEvent } from '../calendars/booking-events';
import { checkCalendarsAtBooking } from '../calendars/check-at-booking';
import { mailer } from '../../runtime/ports/mailer';
import { scheduler } from '../../runtime/ports/scheduler';

/**
 * `POST /api/sessions/{id}/reschedule`: either party moves a held session within the policy
 * (domain/rescheduling.ts) to another free start of the coach's availability. The coach's own
 * calendars are asked live first; the move itself is one transaction (data/rescheduling.ts). The
 * price, payment, free consultation and ledger stay as they are. What follows the move the table's
 * stream starts (workflows/booking/session-work.ts), done once (followUpLatestMove).
 */
export async function rescheduleByParty(
  session: SessionItem,
  callerId: string,
  input: RescheduleSessionInput,
  now: Date,
): Promise<SessionItem> {
  const by = session.coachId === callerId ? 'coach' : 'mentee';
  const { start, end } = planReschedule({
    session,
    by,
    start: new Date(input.start),
    availability: await availabilityOfCoach(session.coachId),
    now,
  });
  await checkCalendarsAtBooking(session.coachId, start, end, now, {
    start: new Date(session.start),
    end: new Date(session.end),
  });
  const moved = await moveSession(
    session,
    {
      start,
      end,
      entry: { from: session.start, to: isoSeconds(start), by, reason: input.reason, at: now.toISOString() },
    },
    now,
  );
  return moved;
}

/** The old time's completion and reminders dropped, the new time's made. */
async function rearmSchedules(session: SessionItem, now: Date): Promise<void> {
  for (const job of JOBS_OF_A_HELD_SESSION) await scheduler().unschedule(job, session.id);
  for (const { job, at } of schedulesOf(session, now)) await scheduler().schedule(job, session.id, at);
}

/**
 * What follows the session's latest move, each step once however often it runs: its schedules
 * re-armed for the new time, its meeting moved (workflows/booking/session-meeting.ts), both parties
 * e-mailed an invitation that moves the event they hold (same UID, higher SEQUENCE), and its event
 * in the coach's calendar moved in place. Answers false once the session is no longer held.
 */
export async function followUpLatestMove(sessionId: string, now: Date): Promise<boolean> {
  const session = await getSession(sessionId);
  if (!session || (session.status !== 'confirmed' && session.status !== 'scheduled')) return false;
  const count = session.rescheduleCount ?? 0;
  const entry = session.history?.[count - 1];
  if (!entry) return true;
  const [coach, mentee] = await Promise.all([getProfile(session.coachId), getProfile(session.menteeId)]);
  if (!coach || !mentee) throw new Error(`A party of session ${sessionId} has no profile`);
  const step = (name: string) => `moved${count}:${name}`;
  if (!(await followUpOnce(session.id, step('schedules'), now, () => rearmSchedules(session, now)))) return false;
  // The new time's meeting, its first try; a Zoom that cannot create it yet holds up nothing here.
  await arrangeMeeting(session.id, 1, now);
  // The e-mails and the coach's event carry the new meeting link once it exists.
  const current = (await getSession(session.id)) ?? session;
  const letters = [
    { recipient: mentee, role: 'mentee' as const, other: coach },
    { recipient: coach, role: 'coach' as const, other: mentee },
  ];
  for (const letter of letters) {
    const sent = await followUpOnce(session.id, step(`mail:${letter.role}`), now, () =>
      mailer().send(
        sessionRescheduledEmail({
          ...letter,
          session: current,
          movedBy: entry.by,
          reason: entry.reason,
          previousStart: entry.from,
          siteOrigin: siteOrigin(),
          now,
        }),
      ),
    );
    if (!sent) return false;
  }
  return followUpOnce(session.id, step('calendarEvent'), now, async () => {
    if (current.calendarEvent) {
      await moveBookingEvent(coach.userId, current.calendarEvent, bookingEventOf(current, mentee), now);
    }
  });
}
