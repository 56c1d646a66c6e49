import { type ConversationItem, getConversation } from '../../data/conversations';
import { DomainError } from '../../domain/errors';

const notFound = () => new DomainError('NOT_FOUND', 'Conversation not found.');

/** A conversation the caller is a party of; anyone else is told it does not exist. */
export async function conversationOfParty(conversationId: string, userId: string): Promise<ConversationItem> {
  const conversation = await getConversation(conversationId);
  if (!conversation?.parties.includes(userId)) throw notFound();
  return conversation;
}

export const otherPartyOf = (conversation: ConversationItem, userId: string) =>
  conversation.parties[0] === userId ? conversation.parties[1] : conversation.parties[0];
