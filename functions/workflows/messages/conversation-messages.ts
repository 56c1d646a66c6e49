import { messagesPage, partsOfMessageId } from '../../data/conversations';
import { DomainError } from '../../domain/errors';
import { conversationOfParty } from './conversation-access';

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
 * A page of the thread for one of its two parties, oldest first: the latest (or the one before
 * `before`), or the messages after `after`; `nextCursor` is the message id to go on from.
 */
export async function conversationMessages(
  conversationId: string,
  userId: string,
  position: { before?: string; after?: string; limit: number },
) {
  await conversationOfParty(conversationId, userId);
  const afterSeq = seqIn(conversationId, position.after, 'after');
  const beforeSeq = seqIn(conversationId, position.before, 'before');
  const page = await messagesPage(conversationId, { afterSeq, beforeSeq, limit: position.limit });
  const edge = afterSeq === undefined ? page.messages[0] : page.messages.at(-1);
  return { messages: page.messages, nextCursor: page.more && edge ? edge.id : undefined };
}
