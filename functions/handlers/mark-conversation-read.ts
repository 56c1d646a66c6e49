import { httpHandler } from '../http/handler';
import { conversationPath, markReadInput } from '../schemas/messages';
import { markConversationRead } from '../workflows/messages/mark-read';

/** `POST /api/conversations/{id}/read {upTo}` → 204: the caller has seen the thread up to that message. */
export const handler = httpHandler(
  { schemas: { path: conversationPath, body: markReadInput }, auth: true },
  async ({ path, body, caller }) => {
    await markConversationRead(caller.userId, path.id, body.upTo);
    return { status: 204 };
  },
);
