import type { MessageItem } from '../../domain/messages';
import type { ProfileItem } from '../../domain/profile-item';
import type { MessageView, OtherParty } from '../../schemas/messages';
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
