import { coachingSettingsNotice } from './coaching-settings-notice';
import { type EmailParty, sessionTimeFor } from './session-emails';

/**
 * Minutes to wait after each try of a session's meeting that Zoom could not answer (throttled, down,
 * too slow) before the next: 6 tries in about two hours (0, 2, 7, 17, 47 and 107 minutes after the
 * booking), then the meeting is given up and each party is told who brings the link.
 */
export const MEETING_RETRY_DELAYS_MINUTES = [2, 5, 10, 30, 60] as const;

/** When the next try is due after try `tryNumber` failed, or null when none is left or it would come after the start. */
export function nextMeetingTry(tryNumber: number, now: Date, sessionStart: string): Date | null {
  const minutes = MEETING_RETRY_DELAYS_MINUTES[tryNumber - 1];
  if (minutes === undefined) return null;
  const next = new Date(now.getTime() + minutes * 60_000);
  return next < new Date(sessionStart) ? next : null;
}

/** The mentee's note of a session whose coach has no working Zoom connection. */
export const NO_MEETING_NOTE =
  'Your mentor has not connected Zoom; they will send you the meeting link before the session.';

/** The mentee's note of a session whose meeting Zoom did not create in any try. */
export const MEETING_FAILED_NOTE =
  'Zoom could not create the meeting for this session; your mentor will send you the meeting link before the session.';

/**
 * Sent once when Zoom stops accepting the coach's grant (invalid_grant): the profile is no longer
 * connected, so the session that found out, and every later one, has no meeting until they reconnect.
 */
export function zoomReconnectEmail(
  mentor: EmailParty,
  mentee: EmailParty,
  session: { start: string },
  siteOrigin: string,
) {
  return coachingSettingsNotice({
    mentor,
    subject: 'Reconnect Zoom',
    lead: `Zoom stopped letting Physician Mentors create meetings for you, so your session with ${mentee.firstName} ${mentee.lastName} on ${sessionTimeFor(mentor, session.start)} has no meeting link: send your mentee one before the session.`,
    action: 'Reconnect Zoom in Settings so that sessions booked with you get their meeting links again.',
    siteOrigin,
    linkLabel: 'Open Settings',
  });
}

/**
 * Which party of a one-to-one session a Zoom participant is: the meeting's host (by Zoom user id, or
 * by the e-mail of the coach's Zoom account where Zoom names no id) is the coach; anyone else is
 * the mentee.
 */
export function partyOfParticipant(
  participant: { ids: readonly string[]; email: string | null },
  host: { id: string; email: string | null },
): 'coach' | 'mentee' {
  if (host.id && participant.ids.includes(host.id)) return 'coach';
  const email = participant.email?.toLowerCase();
  return email && email === host.email?.toLowerCase() ? 'coach' : 'mentee';
}
