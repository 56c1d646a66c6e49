import { conversationIdOf, getConversation } from '../../data/conversations';
import { getProfile } from '../../data/profiles';
import { haveMentoringRelationship } from '../../data/relationships';
import { DomainError } from '../../domain/errors';

const noSuchMember = () => new DomainError('NOT_FOUND', 'There is no such member.');

/**
 * Whether the user may message this member, and their conversation once it exists (the coach page
 * shows "Message" from it; a new thread starts with the first message).
 */
export async function contactOf(userId: string, memberId: string) {
  const profile = await getProfile(memberId);
  if (!profile || memberId === userId) throw noSuchMember();
  const conversationId = conversationIdOf(userId, memberId);
  const exists = Boolean(await getConversation(conversationId));
  const canMessage = exists || (await haveMentoringRelationship(userId, memberId));
  // Only a published mentor's name is public; anyone else's is for the people they booked with.
  if (!canMessage && !profile.published) throw noSuchMember();
  return { profile, canMessage, conversationId: exists ? conversationId : null };
}
