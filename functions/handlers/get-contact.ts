import { conversationIdOf, getConversation } from '../data/conversations';
import { getProfile } from '../data/profiles';
import { haveMentoringRelationship } from '../data/relationships';
import { DomainError } from '../domain/errors';
import { httpHandler } from '../http/handler';
import { toOtherParty } from '../http/views/message';
import { type ContactView, contactPath } from '../schemas/messages';

/**
 * `GET /api/me/contacts/{userId}`: whether the caller may message this member, and their
 * conversation once it exists (the coach page shows "Message" from it; a new thread starts here).
 */
export const handler = httpHandler({ schemas: { path: contactPath }, auth: true }, async ({ path, caller }) => {
  const profile = await getProfile(path.userId);
  if (!profile || path.userId === caller.userId) throw new DomainError('NOT_FOUND', 'There is no such member.');
  const conversationId = conversationIdOf(caller.userId, path.userId);
  const exists = Boolean(await getConversation(conversationId));
  const canMessage = exists || (await haveMentoringRelationship(caller.userId, path.userId));
  // Only a published mentor's name is public; anyone else's is for the people they booked with.
  if (!canMessage && !profile.published) throw new DomainError('NOT_FOUND', 'There is no such member.');
  const body: ContactView = {
    otherParty: toOtherParty(path.userId, profile),
    canMessage,
    conversationId: exists ? conversationId : null,
  };
  return { status: 200, body };
});
