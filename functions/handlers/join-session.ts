import { httpHandler } from '../http/handler';
import { sessionPath } from '../schemas/session';
import type { JoinResult } from '../schemas/session-actions';
import { joinSession } from '../workflows/booking/join-session';

/**
 * `POST /api/sessions/{id}/join` → `{meetingUrl}`: every join button and e-mailed meeting link goes
 * through the SPA's `/sessions/{id}/join`, which calls this with the party's token and then opens
 * the meeting. A POST, because it writes the mentee's first join.
 */
export const handler = httpHandler({ schemas: { path: sessionPath }, auth: true }, async ({ path, caller, now }) => {
  const body: JoinResult = { meetingUrl: await joinSession(path.id, caller.userId, now) };
  return { status: 200, body };
});
