import { type ConversationItem, getConversation } from '../data/conversations';
import type { ProfileItem } from '../domain/profile-item';
import { DomainError } from '../domain/errors';
import type { MessageItem } from '../data/conversations';
import type { MessageView, OtherParty } from '../schemas/messages';

const notFound = () => new DomainError('NOT_FOUND', 'Conversation not found.');

/** A conversation the caller is a party of; anyone else is told it does not exist. */
export async function conversationOfParty(conversationId: string, userId: string): Promise<ConversationItem> {
  const conversation = await getConversation(conversationId);
  if (!conversation?.parties.includes(userId)) throw notFound();
  return conversation;
}

export const otherPartyOf = (conversation: ConversationItem, userId: string) =>
  conversation.parties[0] === userId ? conversation.parties[1] : conversation.parties[0];

export const toMessageView = (message: MessageItem): MessageView =>
  message.moderationStatus === 'rejected'
    ? { id: message.id, from: message.from, body: '', at: message.at, removed: true }
    : { id: message.id, from: message.from, body: message.body, at: message.at };

/** What a conversation shows of the other party; a deleted account still has a name to show. */
export const toOtherParty = (userId: string, profile: ProfileItem | null | undefined): OtherParty => ({
  userId,
  firstName: profile?.firstName ?? 'Former',
  lastName: profile?.lastName ?? 'member',
  credentials: profile?.credentials ?? null,
  headshotUrl: profile?.headshotUrl ?? null,
});
