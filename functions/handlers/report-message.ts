import { moderationOnFirstUse } from '../adapters/moderation';
import { getMessage, partsOfMessageId, recordMessageReport } from '../data/conversations';
import { DomainError } from '../domain/errors';
import { httpHandler } from '../http/handler';
import { conversationOfParty } from '../workflows/messages/conversation-access';
import { messagePath, reportMessageInput } from '../schemas/messages';

/**
 * `POST /api/messages/{id}/report {reason}` → 202: the recipient reports a message. It goes
 * through the same moderation as reviews; a message moderation rejects is removed from the thread,
 * and every report is kept for the moderators.
 */
export const handler = httpHandler(
  { schemas: { path: messagePath, body: reportMessageInput }, auth: true },
  async ({ path, body, caller, now }) => {
    const { conversationId, seq } = partsOfMessageId(path.id);
    await conversationOfParty(conversationId, caller.userId);
    const message = await getMessage(conversationId, seq);
    if (!message) throw new DomainError('NOT_FOUND', 'Message not found.');
    if (message.from === caller.userId) throw new DomainError('FORBIDDEN', 'You cannot report your own message.');
    const { moderateReview } = await moderationOnFirstUse();
    await recordMessageReport(message, {
      reporterId: caller.userId,
      reason: body.reason,
      moderationStatus: moderateReview(message.body),
      now,
    });
    return { status: 202 };
  },
);
