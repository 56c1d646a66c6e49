import { everyConversationOf } from '../data/conversations';
import { personalDataOf } from '../data/personal-data';
import { toProfileView } from '../http/views/profile';
import { httpHandler } from '../http/handler';
import { toMessageView } from '../http/views/message';
import { toSessionView } from '../http/views/session';

/**
 * `GET /api/me/export`: the caller's data as a JSON file (profile, sessions either side, the ratings
 * they wrote, their conversations with every message), in the shapes the API shows them; provider
 * ids and tokens stay out, and a message moderation removed stays removed.
 */
export const handler = httpHandler({ auth: true }, async ({ caller, now }) => {
  const [{ profile, sessions, counterparts, ratings }, conversations] = await Promise.all([
    personalDataOf(caller.userId),
    everyConversationOf(caller.userId),
  ]);
  const otherOf = (coachId: string, menteeId: string) => (coachId === caller.userId ? menteeId : coachId);
  const body = {
    exportedAt: now.toISOString(),
    userId: caller.userId,
    profile: profile && toProfileView(profile),
    sessions: sessions.map((session) =>
      toSessionView(
        session,
        caller.userId,
        counterparts.get(otherOf(session.coachId, session.menteeId)) ?? null,
        ratings.get(session.id) ?? null,
      ),
    ),
    ratingsWritten: [...ratings.values()]
      .filter((rating) => rating.ratedBy === caller.userId)
      .map(({ sessionId, coachId, rating, reviewText, createdAt }) => ({
        sessionId,
        coachId,
        rating,
        reviewText,
        createdAt,
      })),
    conversations: conversations.map(({ entry, messages }) => ({
      conversationId: entry.conversationId,
      otherPartyId: entry.otherPartyId,
      messages: messages.map(toMessageView),
    })),
  };
  return {
    status: 200,
    text: JSON.stringify(body, null, 2),
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="physician-mentors-data-${now.toISOString().slice(0, 10)}.json"`,
      'cache-control': 'private, no-store',
    },
  };
});
