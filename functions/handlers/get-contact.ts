import { httpHandler } from '../http/handler';
import { toOtherParty } from '../http/views/message';
import { type ContactView, contactPath } from '../schemas/messages';
import { contactOf } from '../workflows/messages/contact';

/** `GET /api/me/contacts/{userId}` → whether the caller may message this member, and their conversation if any. */
export const handler = httpHandler({ schemas: { path: contactPath }, auth: true }, async ({ path, caller }) => {
  const { profile, canMessage, conversationId } = await contactOf(caller.userId, path.userId);
  const body: ContactView = { otherParty: toOtherParty(path.userId, profile), canMessage, conversationId };
  return { status: 200, body };
});
