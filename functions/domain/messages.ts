import type { Mail } from './ports';
import type { Canceller } from './session-item';
import { PAYMENT_ABANDONED_REASON, type SessionStatus } from './session-status';
import { escapeHtml } from './html';
import { nameWithCredentials } from './display-name';

/** A message as stored (pk CONVERSATION#id, sk MSG#seq). */
export interface MessageItem {
  id: string;
  conversationId: string;
  seq: number;
  from: string;
  body: string;
  at: string;
  /** Set when a report sent the message to moderation and moderation removed it. */
  moderationStatus?: 'approved' | 'rejected';
}

/** Issue 26: a message is plain text, trimmed, 1 to 4,000 characters. */
export const MAX_MESSAGE_LENGTH = 4_000;
/** At most this many messages per sender in any window of RATE_WINDOW_MS. */
export const RATE_LIMIT_MESSAGES = 20;
export const RATE_WINDOW_MS = 10 * 60_000;
/** A recipient hears of new messages in one conversation by e-mail at most once in this long. */
export const EMAIL_BATCH_MS = 15 * 60_000;

type RateDecision = { allowed: true; sentAt: string[] } | { allowed: false; retryAfterSeconds: number };

/**
 * Whether a sender may send at `now`, given when they sent their recent messages (any order). If
 * so, `sentAt` is what to keep: the sends still inside the window, and this one. If not, how long
 * until the oldest send in the window leaves it.
 */
export function rateWindow(sentAt: readonly string[], now: Date): RateDecision {
  const windowStart = now.getTime() - RATE_WINDOW_MS;
  const inWindow = sentAt.filter((at) => Date.parse(at) > windowStart).sort();
  if (inWindow.length < RATE_LIMIT_MESSAGES) return { allowed: true, sentAt: [...inWindow, now.toISOString()] };
  const leaves = Date.parse(inWindow[inWindow.length - RATE_LIMIT_MESSAGES] as string) + RATE_WINDOW_MS;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((leaves - now.getTime()) / 1000)) };
}

/**
 * Whether to e-mail the recipient of a message that just arrived: only while they have unread
 * messages in the conversation, only if they keep e-mail notifications on, and at most once per
 * conversation per EMAIL_BATCH_MS.
 */
export function shouldEmailRecipient(facts: {
  notificationsOn: boolean;
  unreadCount: number;
  lastEmailedAt: string | null | undefined;
  now: Date;
}): boolean {
  if (!facts.notificationsOn || facts.unreadCount < 1) return false;
  if (!facts.lastEmailedAt) return true;
  return facts.now.getTime() - Date.parse(facts.lastEmailedAt) >= EMAIL_BATCH_MS;
}

/**
 * Whether a booking lets its two parties talk: any booking that was ever held, that is not a
 * pending payment and not one whose payment never came (cancelled by the system while pending, or
 * abandoned at checkout by the mentee).
 */
export function bookingOpensConversation(session: {
  status: SessionStatus;
  cancelledBy?: Canceller | null;
  cancellationReason?: string | null;
}): boolean {
  if (session.status === 'pending_payment') return false;
  if (session.status !== 'cancelled') return true;
  return session.cancelledBy !== 'system' && session.cancellationReason !== PAYMENT_ABANDONED_REASON;
}

/**
 * The e-mail that tells a recipient a conversation has new messages. It never carries the message
 * text (which may be private, and the reply belongs on the platform): it links to the conversation.
 */
export function newMessagesEmail(letter: {
  recipient: { email: string; firstName: string };
  sender: { firstName: string; lastName: string; credentials?: string | null };
  conversationUrl: string;
}): Mail {
  const { recipient, sender, conversationUrl } = letter;
  const senderName = nameWithCredentials(sender);
  const lead = `${senderName} sent you a message on Physician Mentors.`;
  return {
    to: recipient.email,
    subject: `New message from ${senderName}`,
    text: [`Hello ${recipient.firstName},`, '', lead, '', `Read and reply: ${conversationUrl}`, ''].join('\n'),
    html: `<p>Hello ${escapeHtml(recipient.firstName)},</p>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(conversationUrl)}">Read and reply</a></p>`,
  };
}
