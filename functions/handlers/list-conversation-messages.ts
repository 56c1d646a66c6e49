import { httpHandler } from '../http/handler';
import { toMessageView } from '../http/views/message';
import { conversationPath, type MessagePage, messagePageQuery } from '../schemas/messages';
import { conversationMessages } from '../workflows/messages/conversation-messages';

/**
 * `GET /api/conversations/{id}/messages?before&after&limit`: a page of the thread, oldest first
 * (the two parties only; a GET never writes, so reading is marked by `POST …/read`).
 */
export const handler = httpHandler(
  { schemas: { path: conversationPath, query: messagePageQuery }, auth: true },
  async ({ path, query, caller }) => {
    const { messages, nextCursor } = await conversationMessages(path.id, caller.userId, query);
    const body: MessagePage = { messages: messages.map(toMessageView), ...(nextCursor ? { nextCursor } : {}) };
    return { status: 200, body };
  },
);
