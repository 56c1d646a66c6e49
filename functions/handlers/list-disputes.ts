import { SUPPORT_GROUP } from '../domain/support-group';
import { openDisputes } from '../data/disputes';
import { getProfile } from '../data/profiles';
import { fullName } from '../domain/display-name';
import { httpHandler } from '../http/handler';
import { partyFields } from '../http/views/other-party';
import { supportSessionFields } from '../http/views/support-session';
import type { DisputeList } from '../schemas/support';

/**
 * `GET /api/support/disputes` → the disputed sessions not yet resolved, oldest dispute first, each
 * with both parties' reports and who joined (support only).
 */
export const handler = httpHandler({ auth: true, staff: [SUPPORT_GROUP] }, async () => {
  const sessions = await openDisputes();
  const userIds = [...new Set(sessions.flatMap((session) => [session.coachId, session.menteeId]))];
  const names = new Map(
    await Promise.all(
      userIds.map(async (userId) => [userId, fullName(partyFields(userId, await getProfile(userId)))] as const),
    ),
  );
  const disputes: DisputeList['disputes'] = sessions.map((session) => ({
    session: {
      ...supportSessionFields(session),
      coachName: names.get(session.coachId) as string,
      menteeName: names.get(session.menteeId) as string,
    },
    reports: (session.outcomeReports ?? []).map(({ by, report, note, at }) => ({ by, report, note: note ?? null, at })),
    joins: { coachJoinedAt: session.coachJoinedAt ?? null, menteeJoinedAt: session.menteeJoinedAt ?? null },
    disputedAt: session.outcomeAt as string,
  }));
  return { status: 200, body: { disputes } satisfies DisputeList };
});
