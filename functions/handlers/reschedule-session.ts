import { httpHandler } from '../http/handler';
import { sessionPath } from '../schemas/session';
import { rescheduleSessionInput } from '../schemas/session-actions';
import { rescheduleByParty } from '../workflows/booking/rescheduling';
import { viewForParty } from '../http/party-session-view';
import { sessionOfParty } from '../workflows/booking/party-session';

/** `POST /api/sessions/{id}/reschedule {start, reason}` → the moved session as the caller sees it. */
export const handler = httpHandler(
  { schemas: { path: sessionPath, body: rescheduleSessionInput }, auth: true },
  async ({ path, body, caller, now }) => {
    const session = await sessionOfParty(path.id, caller.userId);
    const moved = await rescheduleByParty(session, caller.userId, body, now);
    return { status: 200, body: await viewForParty(moved, caller.userId) };
  },
);
