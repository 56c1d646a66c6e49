import type { MessageItem } from '../../domain/messages';
import type { ProfileItem } from '../../domain/profile-item';
import type { RatingItem } from '../../domain/rating-item';
import type { SessionItem } from '../../domain/session-item';
import { toMessageView } from './message';
import { toProfileView } from './profile';
import { toSessionView } from './session';

/** What the table holds about one user (workflows/accounts/export-my-data.ts). */
interface PersonalDataExport {
  profile: ProfileItem | null;
  sessions: { session: SessionItem; other: ProfileItem | null; rating: RatingItem | null }[];
  ratingsWritten: RatingItem[];
  conversations: { conversationId: string; otherPartyId: string; messages: MessageItem[] }[];
}

/**
 * The user's data in the shapes the API shows them: provider ids and tokens stay out, and a
 * message moderation removed stays removed.
 */
export const toPersonalDataView = (data: PersonalDataExport, userId: string, now: Date) => ({
  exportedAt: now.toISOString(),
  userId,
  profile: data.profile && toProfileView(data.profile),
  sessions: data.sessions.map(({ session, other, rating }) => toSessionView(session, userId, other, rating)),
  ratingsWritten: data.ratingsWritten.map(({ sessionId, coachId, rating, reviewText, createdAt }) => ({
    sessionId,
    coachId,
    rating,
    reviewText,
    createdAt,
  })),
  conversations: data.conversations.map(({ conversationId, otherPartyId, messages }) => ({
    conversationId,
    otherPartyId,
    messages: messages.map(toMessageView),
  })),
});
