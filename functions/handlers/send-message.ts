import { httpHandler } from '../http/handler';
import { toMessageView } from '../http/views/message';
import { sendMessage } from '../workflows/messages/send-message';
import { type SentMessage, sendMessageInput } from '../schemas/messages';

/** `POST /api/messages {to, body}` → 201 `{message, conversationId}` (issue 26). */
export const handler = httpHandler(
  { schemas: { body: sendMessageInput }, auth: true },
  async ({ body, caller, now }) => {
    const message = await sendMessage({ from: caller.userId, to: body.to, body: body.body, now });
    const result: SentMessage = { message: toMessageView(message), conversationId: message.conversationId };
    return { status: 201, body: result };
  },
);
