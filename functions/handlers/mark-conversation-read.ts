import { markRead, partsOfMessageId } from '../data/conversations';
import { DomainError } from '../domain/errors';
import { httpHandler } from '../http/handler';
import { conversationOfParty } from '../workflows/messages/conversation-access';
import { conversationPath, markReadInput } from '../schemas/messages';

/** `POST /api/conversations/{id}/read {upTo}` → 204: the caller has seen the thread up to that message. */
export const handler = httpHandler(
  { schemas: { path: conversationPath, body: markReadInput }, auth: true },
  async ({ path, body, caller }) => {
    const conversation = await conversationOfParty(path.id, caller.userId);
    const upTo = partsOfMessageId(body.upTo);
    if (upTo.conversationId !== path.id || upTo.seq > conversation.lastSeq) {
      throw new DomainError('VALIDATION_FAILED', 'upTo is not a message of this conversation.');
    }
    await markRead(caller.userId, path.id, upTo.seq);
    return { status: 204 };
  },
);
