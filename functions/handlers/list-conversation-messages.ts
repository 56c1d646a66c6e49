import { messagesPage, partsOfMessageId } from '../data/conversations';
import { DomainError } from '../domain/errors';
import { httpHandler } from '../http/handler';
import { conversationOfParty } from '../workflows/messages/conversation-access';
import { toMessageView } from '../http/views/message';
import { conversationPath, type MessagePage, messagePageQuery } from '../schemas/messages';

/** The sequence number of a message id given as a position, which must be of this conversation. */
function seqIn(conversationId: string, messageId: string | undefined, name: string): number | undefined {
  if (messageId === undefined) return undefined;
  const parts = partsOfMessageId(messageId);
  if (parts.conversationId !== conversationId) {
    throw new DomainError('VALIDATION_FAILED', `${name} is not a message of this conversation.`);
  }
  return parts.seq;
}

/**
 * `GET /api/conversations/{id}/messages?before&after&limit`: a page of the thread, oldest first
 * (the two parties only; a GET never writes, so reading is marked by `POST …/read`).
 */
export const handler = httpHandler(
  { schemas: { path: conversationPath, query: messagePageQuery }, auth: true },
  async ({ path, query, caller }) => {
    await conversationOfParty(path.id, caller.userId);
    const afterSeq = seqIn(path.id, query.after, 'after');
    const beforeSeq = seqIn(path.id, query.before, 'before');
    const page = await messagesPage(path.id, { afterSeq, beforeSeq, limit: query.limit });
    const edge = afterSeq === undefined ? page.messages[0] : page.messages.at(-1);
    const body: MessagePage = {
      messages: page.messages.map(toMessageView),
      ...(page.more && edge ? { nextCursor: edge.id } : {}),
    };
    return { status: 200, body };
  },
);
