import { conversationEntriesPage } from '../../data/conversations';
import { profilesById } from '../../data/session-ratings';
import { afterCursor, afterOf } from '../../domain/cursor';
import { CONVERSATIONS_PAGE_SIZE } from '../../schemas/messages';

const ORDER = 'conversations';

/** A page of the user's conversations, most recent activity first, each with the other party's profile. */
export async function myConversations(userId: string, cursor: string | undefined) {
  const page = await conversationEntriesPage(userId, { after: afterOf(cursor, ORDER), limit: CONVERSATIONS_PAGE_SIZE });
  const profiles = await profilesById(page.entries.map((entry) => entry.otherPartyId));
  const last = page.entries.at(-1);
  return {
    conversations: page.entries.map((entry) => ({ entry, other: profiles.get(entry.otherPartyId) })),
    nextCursor: page.more && last ? afterCursor(ORDER, last.gsi1sk) : undefined,
  };
}
