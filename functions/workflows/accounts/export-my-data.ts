import { everyConversationOf } from '../../data/conversations';
import { personalDataOf } from '../../data/personal-data';

/**
 * Everything the table holds about the user, for their data export: profile, sessions either side
 * with each one's other party and rating, the ratings they wrote, their conversations with every
 * message. Provider ids and tokens are the views' to leave out.
 */
export async function personalDataExport(userId: string) {
  const [{ profile, sessions, counterparts, ratings }, conversations] = await Promise.all([
    personalDataOf(userId),
    everyConversationOf(userId),
  ]);
  const otherOf = (coachId: string, menteeId: string) => (coachId === userId ? menteeId : coachId);
  return {
    profile,
    sessions: sessions.map((session) => ({
      session,
      other: counterparts.get(otherOf(session.coachId, session.menteeId)) ?? null,
      rating: ratings.get(session.id) ?? null,
    })),
    ratingsWritten: [...ratings.values()].filter((rating) => rating.ratedBy === userId),
    conversations: conversations.map(({ entry, messages }) => ({
      conversationId: entry.conversationId,
      otherPartyId: entry.otherPartyId,
      messages,
    })),
  };
}
