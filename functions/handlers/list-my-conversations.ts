import { httpHandler } from '../http/handler';
import { toConversationSummary } from '../http/views/message';
import { type ConversationList, conversationListQuery } from '../schemas/messages';
import { myConversations } from '../workflows/messages/my-conversations';

/** `GET /api/me/conversations?cursor`: the caller's conversations, most recent activity first. */
export const handler = httpHandler(
  { schemas: { query: conversationListQuery }, auth: true },
  async ({ query, caller }) => {
    const { conversations, nextCursor } = await myConversations(caller.userId, query.cursor);
    const body: ConversationList = {
      conversations: conversations.map(({ entry, other }) => toConversationSummary(entry, other, caller.userId)),
      ...(nextCursor ? { nextCursor } : {}),
    };
    return { status: 200, body };
  },
);
