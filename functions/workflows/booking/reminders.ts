import { getProfile } from '../../data/profiles';
import { getSession } from '../../data/sessions';
import { sessionReminderEmail } from '../../domain/session-emails';
import { isoSeconds } from '../../domain/instants';
import { siteOrigin } from '../../runtime/site';
import { mailer } from '../../runtime/ports/mailer';
import { followUpOnce } from './follow-ups';

const HOUR_MS = 60 * 60 * 1000;

/** The two reminders (spec: e-mail notifications default to on), by job name and lead time. */
export const REMINDERS = [
  { job: 'remindDayBefore', hoursBefore: 24 },
  { job: 'remindHourBefore', hoursBefore: 1 },
] as const;

export const reminderTime = (start: string, hoursBefore: 24 | 1) => new Date(Date.parse(start) - hoursBefore * HOUR_MS);

/**
 * E-mails both parties who keep notifications on, each once, only while the session is still held
 * (a cancelled or completed one gets no reminder, whatever the schedule says). Answers whether
 * this run sent any.
 */
export async function remindParties(
  sessionId: string,
  { job, hoursBefore }: (typeof REMINDERS)[number],
  now: Date,
): Promise<boolean> {
  const session = await getSession(sessionId);
  if (!session || (session.status !== 'confirmed' && session.status !== 'scheduled')) return false;
  if (session.start <= isoSeconds(now)) return false;
  const [coach, mentee] = await Promise.all([getProfile(session.coachId), getProfile(session.menteeId)]);
  if (!coach || !mentee) return false;
  const letters = [
    { recipient: mentee, role: 'mentee' as const, other: coach },
    { recipient: coach, role: 'coach' as const, other: mentee },
  ].filter((letter) => letter.recipient.emailNotifications !== false);
  let sent = false;
  for (const letter of letters) {
    // Once per party however often the schedule delivers the job; none after a cancellation.
    const moves = session.rescheduleCount ?? 0;
    // A moved session is reminded again of its new time, even if the old time's reminder went out.
    const mark = moves ? `${job}:${letter.role}:moved${moves}` : `${job}:${letter.role}`;
    const done = await followUpOnce(sessionId, mark, now, async () => {
      await mailer().send(sessionReminderEmail({ ...letter, session, siteOrigin: siteOrigin(), now, hoursBefore }));
      sent = true;
    });
    if (!done) break;
  }
  return sent;
}
