import { randomUUID } from 'node:crypto';
import { moderationOnFirstUse } from '../../adapters/moderation';
import { blankPreviews, getMessage, partsOfMessageId, recordMessageReport } from '../../data/conversations';
import { DomainError } from '../../domain/errors';
import { conversationOfParty } from './conversation-access';

/**
 * The recipient reports a message. It goes through the same moderation as reviews; a message
 * moderation rejects is removed from the thread and the list previews, and every report goes to
 * support's queue of open reports (workflows/moderation/reports.ts).
 */
export async function reportMessage(userId: string, messageId: string, reason: string, now: Date): Promise<void> {
  const { conversationId, seq } = partsOfMessageId(messageId);
  const conversation = await conversationOfParty(conversationId, userId);
  const message = await getMessage(conversationId, seq);
  if (!message) throw new DomainError('NOT_FOUND', 'Message not found.');
  if (message.from === userId) throw new DomainError('FORBIDDEN', 'You cannot report your own message.');
  const { moderateReview } = await moderationOnFirstUse();
  const moderationStatus = moderateReview(message.body);
  await recordMessageReport(message, { id: randomUUID(), reporterId: userId, reason, moderationStatus, now });
  if (moderationStatus === 'rejected') await blankPreviews(message, conversation.parties);
}
