import {
  appendMessage,
  claimEmailNotice,
  conversationIdOf,
  getConversation,
  getConversationEntry,
} from '../../data/conversations';
import { getProfile } from '../../data/profiles';
import { haveMentoringRelationship } from '../../data/relationships';
import { DomainError } from '../../domain/errors';
import type { MessageItem } from '../../domain/messages';
import { newMessagesEmail, shouldEmailRecipient } from '../../domain/messages';
import { log } from '../../runtime/log';
import { siteOrigin } from '../../runtime/site';
import { mailer } from '../../runtime/ports/mailer';

/** The path of a conversation in the SPA, which e-mails link to. */
export const conversationPagePath = (conversationId: string) => `/messages/${conversationId}`;

/**
 * E-mails the recipient about the conversation when the batching rule says so
 * (domain/messages.ts), claiming the e-mail first so two messages at once send one.
 */
async function noticeRecipient(message: MessageItem, recipientId: string, now: Date): Promise<void> {
  const [recipient, entry] = await Promise.all([
    getProfile(recipientId),
    getConversationEntry(recipientId, message.conversationId),
  ]);
  if (!recipient || !entry) return;
  const due = shouldEmailRecipient({
    notificationsOn: recipient.emailNotifications !== false,
    unreadCount: entry.unreadCount,
    lastEmailedAt: entry.lastEmailedAt,
    now,
  });
  if (!due || !(await claimEmailNotice(recipientId, message.conversationId, entry.lastEmailedAt, now))) return;
  const sender = await getProfile(message.from);
  await mailer().send(
    newMessagesEmail({
      recipient,
      sender: sender ?? { firstName: 'A', lastName: 'member' },
      conversationUrl: `${siteOrigin()}${conversationPagePath(message.conversationId)}`,
    }),
  );
}

/**
 * Sends a message from one user to another: only within a mentoring relationship (checked until
 * their conversation exists), within the sender's rate limit; the recipient may be e-mailed, and a
 * failed e-mail is logged, never a failed message.
 */
export async function sendMessage(input: { from: string; to: string; body: string; now: Date }): Promise<MessageItem> {
  const conversationId = conversationIdOf(input.from, input.to);
  if (!(await getConversation(conversationId))) {
    if (!(await getProfile(input.to))) throw new DomainError('NOT_FOUND', 'There is no such member.');
    if (!(await haveMentoringRelationship(input.from, input.to))) {
      throw new DomainError('NO_RELATIONSHIP', 'You can message a mentor or mentee once you have a booking together.');
    }
  }
  const message = await appendMessage({ ...input, conversationId });
  try {
    await noticeRecipient(message, input.to, input.now);
  } catch (error) {
    log('error', 'messages: e-mail to the recipient failed', { conversationId, error: String(error) });
  }
  return message;
}
