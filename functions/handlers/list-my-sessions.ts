import { completedIfEnded, sessionsOfUser } from '../data/my-sessions';
import { getProfile } from '../data/profiles';
import type { ProfileItem } from '../data/profile-item';
import { ratingsOfSessions } from '../data/session-ratings';
import { httpHandler } from '../http/handler';
import type { MySessions } from '../schemas/session-actions';
import { toSessionView } from '../sessions/session-view';

/**
 * `GET /api/me/sessions`: the caller's sessions as coach or mentee, in start order, without
 * pending payments; ended ones are completed first, and each carries its rating and the other
 * party's public fields.
 */
export const handler = httpHandler({ auth: true }, async ({ caller, now }) => {
  const stored = await sessionsOfUser(caller.userId);
  const sessions = await Promise.all(stored.map((session) => completedIfEnded(session, now)));
  const otherIds = [...new Set(sessions.map((s) => (s.coachId === caller.userId ? s.menteeId : s.coachId)))];
  const [others, ratings] = await Promise.all([
    Promise.all(otherIds.map(getProfile)),
    ratingsOfSessions(sessions.map((s) => s.id)),
  ]);
  const profiles = new Map<string, ProfileItem>();
  for (const profile of others) if (profile) profiles.set(profile.userId, profile);
  const body: MySessions = {
    sessions: sessions.map((session) => {
      const otherId = session.coachId === caller.userId ? session.menteeId : session.coachId;
      return toSessionView(session, caller.userId, profiles.get(otherId) ?? null, ratings.get(session.id) ?? null);
    }),
  };
  return { status: 200, body };
});
