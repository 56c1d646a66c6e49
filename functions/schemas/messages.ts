import { MAX_MESSAGE_LENGTH } from '../domain/messages';
import { recordId } from './record-id';
import * as z from './zod';

export const MESSAGES_PAGE_SIZE = 50;
export const CONVERSATIONS_PAGE_SIZE = 20;

const MESSAGE_REQUIRED = 'Write a message first.';

/** A message as sent: plain text, trimmed, 1 to 4,000 characters. */
export const messageBody = z.string({ error: MESSAGE_REQUIRED }).check(
  z.trim(),
  z.minLength(1, MESSAGE_REQUIRED),
  // Written when a message is too long, not at import: the first toLocaleString in a process
  // loads ICU's number formatting, about 25 ms of every cold start of the functions that import this.
  z.maxLength(MAX_MESSAGE_LENGTH, {
    error: () => `A message can be at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-US')} characters.`,
  }),
);

/** `<conversationId>.<10-digit sequence number>`: sorts in the order the conversation numbered it. */
export const messageId = z.string().check(z.regex(/^[0-9a-f]{32}\.\d{10}$/, 'Not a message id'));
export const conversationId = z.string().check(z.regex(/^[0-9a-f]{32}$/, 'Not a conversation id'));

/** `POST /api/messages`. */
export const sendMessageInput = z.strictObject({ to: recordId, body: messageBody });
export type SendMessageInput = z.infer<typeof sendMessageInput>;

export const messageView = z.object({
  id: z.string(),
  /** The sender's user id. */
  from: z.string(),
  /** Empty once moderation removed the message after a report (`removed`). */
  body: z.string(),
  at: z.string(),
  removed: z.optional(z.boolean()),
});
export type MessageView = z.infer<typeof messageView>;

export const sentMessage = z.object({ message: messageView, conversationId: z.string() });
export type SentMessage = z.infer<typeof sentMessage>;

export const otherParty = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  credentials: z.nullable(z.string()),
  headshotUrl: z.nullable(z.string()),
});
export type OtherParty = z.infer<typeof otherParty>;

export const conversationSummary = z.object({
  id: z.string(),
  otherParty,
  /** The start of the last message (the list shows a line of it). */
  lastMessage: z.object({ body: z.string(), at: z.string(), fromMe: z.boolean() }),
  unreadCount: z.int(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

/** `GET /api/me/conversations`, most recent first. */
export const conversationListQuery = z.strictObject({ cursor: z.optional(z.string().check(z.maxLength(500))) });
export const conversationList = z.object({
  conversations: z.array(conversationSummary),
  nextCursor: z.optional(z.string()),
});
export type ConversationList = z.infer<typeof conversationList>;

export const conversationPath = z.object({ id: conversationId });
export const messagePath = z.object({ id: messageId });

/**
 * `GET /api/conversations/{id}/messages`: oldest first. Without `after`, the latest page (or the
 * one before `before`), with `nextCursor` the id to pass as `before` for older ones; with `after`,
 * the messages after it, with `nextCursor` the id to pass as `after` while more follow.
 */
export const messagePageQuery = z.strictObject({
  before: z.optional(messageId),
  after: z.optional(messageId),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), MESSAGES_PAGE_SIZE),
});
export type MessagePageQuery = z.infer<typeof messagePageQuery>;
export const messagePage = z.object({ messages: z.array(messageView), nextCursor: z.optional(z.string()) });
export type MessagePage = z.infer<typeof messagePage>;

/** `POST /api/conversations/{id}/read`: everything up to this message has been seen. */
export const markReadInput = z.strictObject({ upTo: messageId });

export const unreadCount = z.object({ unread: z.int() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** `POST /api/messages/{id}/report`. */
export const reportMessageInput = z.strictObject({
  reason: z
    .string({ error: 'Say why you report this message.' })
    .check(z.trim(), z.minLength(1, 'Say why you report this message.'), z.maxLength(1_000)),
});
export type ReportMessageInput = z.infer<typeof reportMessageInput>;

/** `GET /api/me/contacts/{userId}`: whether the caller may message this user, and their conversation if any. */
export const contactView = z.object({
  otherParty,
  canMessage: z.boolean(),
  conversationId: z.nullable(z.string()),
});
export type ContactView = z.infer<typeof contactView>;
export const contactPath = z.object({ userId: recordId });
