import { sessionSortKey, sessionsPage } from '../../data/my-sessions';
import { counterpartsAndRatings } from '../../data/session-ratings';
import { afterCursor, afterOf } from '../../domain/cursor';
import type { MySessionsQuery } from '../../schemas/session-actions';

/**
 * One page of the user's sessions as coach or mentee in one dashboard section, each with its rating
 * and the other party's profile. It only reads: completing an ended session is the scheduled job's
 * work, and the section follows the clock.
 */
export async function mySessions(userId: string, query: MySessionsQuery, now: Date) {
  const page = await sessionsPage(
    userId,
    query.when,
    { after: afterOf(query.cursor, query.when), limit: query.limit },
    now,
  );
  const { profiles, ratings } = await counterpartsAndRatings(page.sessions, userId);
  const last = page.sessions.at(-1);
  return {
    sessions: page.sessions.map((session) => ({
      session,
      other: profiles.get(session.coachId === userId ? session.menteeId : session.coachId) ?? null,
      rating: ratings.get(session.id) ?? null,
    })),
    nextCursor: page.more && last ? afterCursor(query.when, sessionSortKey(last)) : undefined,
  };
}
