import { httpHandler } from '../http/handler';
import { toSessionView } from '../http/views/session';
import { type MySessions, mySessionsQuery } from '../schemas/session-actions';
import { mySessions } from '../workflows/booking/my-sessions';

/** `GET /api/me/sessions?when&cursor&limit`: one page of the caller's sessions in one dashboard section. */
export const handler = httpHandler(
  { schemas: { query: mySessionsQuery }, auth: true },
  async ({ query, caller, now }) => {
    const { sessions, nextCursor } = await mySessions(caller.userId, query, now);
    const body: MySessions = {
      sessions: sessions.map(({ session, other, rating }) => toSessionView(session, caller.userId, other, rating)),
      ...(nextCursor ? { nextCursor } : {}),
    };
    return { status: 200, body };
  },
);
