import { getItem, putItem } from './dynamo';
import { keys } from './keys';

/** The session a Zoom meeting was made for, and the e-mail of the Zoom account hosting it. */
export interface MeetingSession {
  sessionId: string;
  hostEmail: string | null;
}

/**
 * Kept long after the session's end: a moved session whose new meeting Zoom never made keeps the
 * old meeting, which must still lead to it; after that Zoom has nothing more to say about it.
 */
const KEPT_AFTER_END_MS = 30 * 24 * 60 * 60_000;

/** Written before the meeting is recorded on its session, so a session's meeting always leads back to it. */
export async function rememberMeetingSession(
  meetingId: string,
  meeting: MeetingSession,
  sessionEnd: string,
  now: Date,
): Promise<void> {
  await putItem({
    ...keys.meetingSession(meetingId),
    ...meeting,
    createdAt: now.toISOString(),
    expiresAt: Math.floor((new Date(sessionEnd).getTime() + KEPT_AFTER_END_MS) / 1000),
  });
}

export async function meetingSessionOf(meetingId: string): Promise<MeetingSession | null> {
  const item = await getItem<MeetingSession>(keys.meetingSession(meetingId));
  return item ? { sessionId: item.sessionId, hostEmail: item.hostEmail } : null;
}
