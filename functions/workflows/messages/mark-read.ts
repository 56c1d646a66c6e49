import { markRead, partsOfMessageId } from '../../data/conversations';
import { DomainError } from '../../domain/errors';
import { conversationOfParty } from './conversation-access';

/** The user has seen the thread up to this message, which must be one of it. */
export async function markConversationRead(userId: string, conversationId: string, upToMessageId: string) {
  const conversation = await conversationOfParty(conversationId, userId);
  const upTo = partsOfMessageId(upToMessageId);
  if (upTo.conversationId !== conversationId || upTo.seq > conversation.lastSeq) {
    throw new DomainError('VALIDATION_FAILED', 'upTo is not a message of this conversation.');
  }
  await markRead(userId, conversationId, upTo.seq);
}
