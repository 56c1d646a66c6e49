import { moderationOnFirstUse } from '../../adapters/moderation';
import { getMessage, partsOfMessageId, recordMessageReport } from '../../data/conversations';
import { DomainError } from '../../domain/errors';
import { conversationOfParty } from './conversation-access';

/**
 * The recipient reports a message. It goes through the same moderation as reviews; a message
 * moderation rejects is removed from the thread, and every report is kept for the moderators.
 */
export async function reportMessage(userId: string, messageId: string, reason: string, now: Date): Promise<void> {
  const { conversationId, seq } = partsOfMessageId(messageId);
  await conversationOfParty(conversationId, userId);
  const message = await getMessage(conversationId, seq);
  if (!message) throw new DomainError('NOT_FOUND', 'Message not found.');
  if (message.from === userId) throw new DomainError('FORBIDDEN', 'You cannot report your own message.');
  const { moderateReview } = await moderationOnFirstUse();
  await recordMessageReport(message, {
    reporterId: userId,
    reason,
    moderationStatus: moderateReview(message.body),
    now,
  });
}
