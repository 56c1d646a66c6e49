import type { MessageItem } from '../../domain/messages';
import type { ProfileItem } from '../../domain/profile-item';
import type { ConversationSummary, MessageView, OtherParty } from '../../schemas/messages';
import { partyFields } from './other-party';

export const toMessageView = (message: MessageItem): MessageView =>
  message.moderationStatus === 'rejected'
    ? { id: message.id, from: message.from, body: '', at: message.at, removed: true }
    : { id: message.id, from: message.from, body: message.body, at: message.at };

/** What a conversation shows of the other party. */
export const toOtherParty = (userId: string, profile: ProfileItem | null | undefined): OtherParty => ({
  ...partyFields(userId, profile),
  headshotUrl: profile?.headshotUrl ?? null,
});

/** A conversation in the caller's list: who with, the start of its last message, how many are unread. */
export const toConversationSummary = (
  entry: {
    conversationId: string;
    otherPartyId: string;
    unreadCount: number;
    lastMessage: { body: string; at: string; from: string };
  },
  other: ProfileItem | undefined,
  viewerId: string,
): ConversationSummary => ({
  id: entry.conversationId,
  otherParty: toOtherParty(entry.otherPartyId, other),
  lastMessage: { body: entry.lastMessage.body, at: entry.lastMessage.at, fromMe: entry.lastMessage.from === viewerId },
  unreadCount: Math.max(0, entry.unreadCount),
});
