import { conversationEntriesPage } from '../data/conversations';
import type { ProfileItem } from '../domain/profile-item';
import { batchGet } from '../data/session-ratings';
import { keys } from '../data/keys';
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
    const rows = await batchGet([...new Set(page.entries.map((entry) => entry.otherPartyId))].map(keys.profile));
    const profiles = new Map(rows.map((row) => [keys.userIdOf(row.pk), row as unknown as ProfileItem]));
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
