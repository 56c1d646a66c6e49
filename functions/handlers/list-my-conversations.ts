import { conversationEntriesPage } from '../data/conversations';
import { profilesById } from '../data/session-ratings';
import { afterCursor, afterOf } from '../domain/cursor';
import { httpHandler } from '../http/handler';
import { toOtherParty } from '../http/views/message';
import { CONVERSATIONS_PAGE_SIZE, type ConversationList, conversationListQuery } from '../schemas/messages';

const ORDER = 'conversations';

/** `GET /api/me/conversations?cursor`: the caller's conversations, most recent activity first. */
export const handler = httpHandler(
  { schemas: { query: conversationListQuery }, auth: true },
  async ({ query, caller }) => {
    const page = await conversationEntriesPage(caller.userId, {
      after: afterOf(query.cursor, ORDER),
      limit: CONVERSATIONS_PAGE_SIZE,
    });
    const profiles = await profilesById(page.entries.map((entry) => entry.otherPartyId));
    const last = page.entries.at(-1);
    const body: ConversationList = {
      conversations: page.entries.map((entry) => ({
        id: entry.conversationId,
        otherParty: toOtherParty(entry.otherPartyId, profiles.get(entry.otherPartyId)),
        lastMessage: {
          body: entry.lastMessage.body,
          at: entry.lastMessage.at,
          fromMe: entry.lastMessage.from === caller.userId,
        },
        unreadCount: Math.max(0, entry.unreadCount),
      })),
      ...(page.more && last ? { nextCursor: afterCursor(ORDER, last.gsi1sk) } : {}),
    };
    return { status: 200, body };
  },
);
