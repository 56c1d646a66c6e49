import { everyConversationOf } from '../../data/conversations';
import { ledgerEntriesOfCoach } from '../../data/ledger';
import { personalDataOf } from '../../data/personal-data';
import { getProfile } from '../../data/profiles';
import { subscriptionsOf } from '../../data/subscriptions';
import type { SubscriptionItem } from '../../data/subscriptions';

/** Each plan of the user either side, with the other party and the plan's money in its coach's ledger. */
async function plansOf(userId: string) {
  const subscriptions = (await subscriptionsOf(userId)).filter((subscription) => subscription.status !== 'incomplete');
  const ledgers = new Map(
    await Promise.all(
      [...new Set(subscriptions.map((subscription) => subscription.coachId))].map(
        async (coachId) => [coachId, await ledgerEntriesOfCoach(coachId)] as const,
      ),
    ),
  );
  return Promise.all(
    subscriptions.map(async (subscription: SubscriptionItem) => ({
      subscription,
      other: await getProfile(subscription.coachId === userId ? subscription.menteeId : subscription.coachId),
      money: (ledgers.get(subscription.coachId) ?? []).filter((entry) => entry.sessionId === subscription.id),
    })),
  );
}

/**
 * Everything the table holds about the user, for their data export: profile, sessions either side
 * with each one's other party and rating, the ratings they wrote, their conversations with every
 * message, their plans either side with credits and money. Provider ids and tokens are the views'
 * to leave out.
 */
export async function personalDataExport(userId: string) {
  const [{ profile, sessions, counterparts, ratings }, conversations, plans] = await Promise.all([
    personalDataOf(userId),
    everyConversationOf(userId),
    plansOf(userId),
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
    plans,
  };
}
