import { allCalendarConnections, calendarConnectionsOf, claimReauthNotice } from '../../data/calendar-connections';
import { getProfile } from '../../data/profiles';
import { calendarReauthEmail } from '../../domain/mentor-calendars';
import { log } from '../../runtime/log';
import { siteOrigin } from '../../runtime/site';
import { refreshBusyCache } from './busy-times';
import type { Mailer } from '../../domain/ports';
import { calendarProvider } from '../../runtime/ports/calendars';

/** Mentors refreshed at once: each waits on its providers, not on this function's CPU. */
const CONCURRENCY = 8;

/** Tells the mentor once that a connection needs reconnecting (a conditional claim, whoever runs). */
async function noticeReauth(mailer: Mailer, userId: string, now: Date): Promise<number> {
  let sent = 0;
  for (const connection of await calendarConnectionsOf(userId)) {
    if (connection.status !== 'reauth_required' || connection.reauthNotifiedAt) continue;
    const mentor = await getProfile(userId);
    if (!mentor || !(await claimReauthNotice(connection, now))) continue;
    const label = calendarProvider(connection.provider)?.label ?? connection.provider;
    await mailer.send(calendarReauthEmail(mentor, label, siteOrigin()));
    sent++;
  }
  return sent;
}

/**
 * Each connected mentor's busy times read again and kept for the slots, so a busy event added in
 * their calendar blocks slots within a minute, and a grant that stopped working is noticed and
 * told to its mentor once.
 */
export async function refreshEveryMentorsBusyTimes(mailer: Mailer, now: Date) {
  const connections = await allCalendarConnections();
  const mentors = [...new Set(connections.map((connection) => connection.userId))];
  let failed = 0;
  let notified = 0;
  for (let i = 0; i < mentors.length; i += CONCURRENCY) {
    await Promise.all(
      mentors.slice(i, i + CONCURRENCY).map(async (userId) => {
        let unnoticed = connections.some(
          (connection) =>
            connection.userId === userId && connection.status === 'reauth_required' && !connection.reauthNotifiedAt,
        );
        try {
          await refreshBusyCache(userId, now);
        } catch (error) {
          failed++;
          unnoticed = true;
          log('warn', 'busy times not refreshed', { userId, error: String(error) });
        }
        if (unnoticed) notified += await noticeReauth(mailer, userId, now);
      }),
    );
  }
  return { mentors: mentors.length, failed, notified };
}
