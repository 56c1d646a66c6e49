import { sessionSortKey, sessionsPage } from '../data/my-sessions';
import { counterpartsAndRatings } from '../data/session-ratings';
import { afterCursor, afterOf } from '../domain/cursor';
import { httpHandler } from '../http/handler';
import { type MySessions, mySessionsQuery } from '../schemas/session-actions';
import { toSessionView } from '../http/views/session';

/**
 * `GET /api/me/sessions?when&cursor&limit`: one page of the caller's sessions as coach or mentee in
 * one dashboard section, each with its rating and the other party's public fields. It only reads:
 * completing an ended session is the scheduled job's work, and the section follows the clock.
 */
export const handler = httpHandler(
  { schemas: { query: mySessionsQuery }, auth: true },
  async ({ query, caller, now }) => {
    const page = await sessionsPage(
      caller.userId,
      query.when,
      { after: afterOf(query.cursor, query.when), limit: query.limit },
      now,
    );
    const { profiles, ratings } = await counterpartsAndRatings(page.sessions, caller.userId);
    const last = page.sessions.at(-1);
    const body: MySessions = {
      sessions: page.sessions.map((session) => {
        const otherId = session.coachId === caller.userId ? session.menteeId : session.coachId;
        return toSessionView(session, caller.userId, profiles.get(otherId) ?? null, ratings.get(session.id) ?? null);
      }),
      ...(page.more && last ? { nextCursor: afterCursor(query.when, sessionSortKey(last)) } : {}),
    };
    return { status: 200, body };
  },
);
