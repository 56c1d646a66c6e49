import { onFirstUse } from '../adapters/on-first-use';
import { getMessage, partsOfMessageId, recordMessageReport } from '../data/conversations';
import { DomainError } from '../domain/errors';
import { httpHandler } from '../http/handler';
import { conversationOfParty } from '../messages/conversation-access';
import { messagePath, reportMessageInput } from '../schemas/messages';

/**
 * The profanity filter parses its word lists when it is imported (about 40 ms of CPU). Only a report
 * that passes the checks below is moderated, so refused ones never load it, and the cold start of
 * every instance does not pay for it: the first accepted report of an instance does.
 */
const moderation = onFirstUse(() => import('../domain/moderation'));

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
    const { moderateReview } = await moderation();
    await recordMessageReport(message, {
      reporterId: caller.userId,
      reason: body.reason,
      moderationStatus: moderateReview(message.body),
      now,
    });
    return { status: 202 };
  },
);
