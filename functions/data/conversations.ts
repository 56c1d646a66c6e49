import { createHash } from 'node:crypto';
import { DomainError } from '../domain/errors';
import { type MessageItem, RATE_LIMIT_MESSAGES, RATE_WINDOW_MS, rateWindow } from '../domain/messages';
import type { ReportItem } from '../domain/reports';
import {
  batchGet,
  getItem,
  isCancelledTransaction,
  isConditionFailure,
  pages,
  queryAll,
  queryIndexPartition,
  queryPage,
  type TableWrite,
  transact,
  updateIf,
} from './dynamo';
import { readIndexRange } from './index-range';
import { keys } from './keys';
import { reportPuts } from './reports';
import { tableSchema } from './table-schema';

export interface ConversationItem {
  conversationId: string;
  /** The two user ids, in byte order. */
  parties: [string, string];
  /** The sequence number of the newest message; the next one gets this plus one. */
  lastSeq: number;
  createdAt: string;
}

/** One user's side of a conversation. */
export interface ConversationEntryItem {
  conversationId: string;
  otherPartyId: string;
  unreadCount: number;
  /** The other party's messages up to this sequence number have been read. */
  readUpToSeq?: number;
  lastMessage: { body: string; at: string; from: string };
  /** When this user was last e-mailed about new messages here. */
  lastEmailedAt?: string;
}

/** The list keeps the start of the last message; the thread has it whole. */
const PREVIEW_LENGTH = 280;
const MAX_ATTEMPTS = 8;
/** Past any message's sequence number (their sort keys hold ten digits). */
const BEYOND_LAST_SEQ = 10_000_000_000;

/**
 * Runs a read-then-transact step until its transaction's conditions hold: a cancellation means
 * another write of the same items landed first, so the step reads again (after a short jitter).
 */
async function retriedOnConflict<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isCancelledTransaction(error) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 30));
    }
  }
}

/** One conversation per pair: its id is a digest of the two user ids, whoever writes first. */
export function conversationIdOf(userA: string, userB: string): string {
  const [first, second] = [userA, userB].sort();
  return createHash('sha256').update(`${first}\n${second}`).digest('hex').slice(0, 32);
}

export const messageIdOf = (conversationId: string, seq: number) =>
  `${conversationId}.${String(seq).padStart(10, '0')}`;

/** The conversation and sequence number a message id (already checked by its schema) names. */
export function partsOfMessageId(messageId: string): { conversationId: string; seq: number } {
  const [conversationId = '', seq = '0'] = messageId.split('.');
  return { conversationId, seq: Number(seq) };
}

export async function getConversation(conversationId: string): Promise<ConversationItem | null> {
  return getItem<ConversationItem>(keys.conversation(conversationId), { ConsistentRead: true });
}

export async function getConversationEntry(userId: string, conversationId: string) {
  return getItem<ConversationEntryItem>(keys.conversationEntry(userId, conversationId), { ConsistentRead: true });
}

async function sentTimesOf(userId: string): Promise<{ sentAt: string[]; version: number }> {
  const rate = await getItem<{ sentAt: string[]; version: number }>(keys.messageRate(userId), { ConsistentRead: true });
  return { sentAt: rate?.sentAt ?? [], version: rate?.version ?? 0 };
}

const rateLimited = (retryAfterSeconds: number) =>
  new DomainError(
    'RATE_LIMITED',
    `You can send at most ${RATE_LIMIT_MESSAGES} messages in ${RATE_WINDOW_MS / 60_000} minutes. ` +
      `Please wait ${Math.ceil(retryAfterSeconds / 60)} minute${retryAfterSeconds > 60 ? 's' : ''} and try again.`,
    [{ retryAfterSeconds }],
    retryAfterSeconds,
  );

function entryUpdate(owner: string, other: string, message: MessageItem, unreadIncrement: number): TableWrite {
  return {
    Update: {
      Key: keys.conversationEntry(owner, message.conversationId),
      UpdateExpression:
        'SET conversationId = :conversation, otherPartyId = :other, lastMessage = :last, gsi1pk = :gsi1pk, gsi1sk = :gsi1sk ADD unreadCount :increment',
      ExpressionAttributeValues: {
        ':conversation': message.conversationId,
        ':other': other,
        ':last': { body: message.body.slice(0, PREVIEW_LENGTH), at: message.at, from: message.from },
        ':increment': unreadIncrement,
        ...prefixed(keys.conversationEntryIndex(owner, message.at, message.conversationId)),
      },
    },
  };
}

const prefixed = (index: { gsi1pk: string; gsi1sk: string }) => ({ ':gsi1pk': index.gsi1pk, ':gsi1sk': index.gsi1sk });

/**
 * Appends a message in one transaction with everything it changes: the conversation's sequence
 * number (on condition it is the one read, so concurrent messages get consecutive numbers and a
 * reader polling with `after` never skips one that commits late), the message, both parties'
 * list entries (the recipient's unread count up by one), the recipient's unread total, and the
 * sender's recent send times (on condition they are the ones read: the rate limit holds for
 * concurrent sends too). A conflict is read again and retried.
 */
export async function appendMessage(input: {
  conversationId: string;
  from: string;
  to: string;
  body: string;
  now: Date;
}): Promise<MessageItem> {
  const { conversationId, from, to, body, now } = input;
  return retriedOnConflict(async () => {
    const [conversation, rate] = await Promise.all([getConversation(conversationId), sentTimesOf(from)]);
    const decision = rateWindow(rate.sentAt, now);
    if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
    const lastSeq = conversation?.lastSeq ?? 0;
    const seq = lastSeq + 1;
    const message: MessageItem = {
      id: messageIdOf(conversationId, seq),
      conversationId,
      seq,
      from,
      body,
      at: now.toISOString(),
    };
    await transact([
      {
        Update: {
          Key: keys.conversation(conversationId),
          UpdateExpression:
            'SET lastSeq = :seq, conversationId = :conversation, parties = :parties, createdAt = if_not_exists(createdAt, :now)',
          ConditionExpression: conversation ? 'lastSeq = :seen' : 'attribute_not_exists(pk)',
          ExpressionAttributeValues: {
            ':seq': seq,
            ':conversation': conversationId,
            ':parties': [from, to].sort(),
            ':now': message.at,
            ...(conversation ? { ':seen': lastSeq } : {}),
          },
        },
      },
      {
        Put: {
          Item: { ...keys.message(conversationId, seq), ...message },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      entryUpdate(from, to, message, 0),
      entryUpdate(to, from, message, 1),
      {
        Update: {
          Key: keys.unreadMessages(to),
          UpdateExpression: 'ADD unread :one',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      {
        Put: {
          Item: { ...keys.messageRate(from), sentAt: decision.sentAt, version: rate.version + 1 },
          ConditionExpression: rate.version === 0 ? 'attribute_not_exists(pk)' : 'version = :version',
          ...(rate.version === 0 ? {} : { ExpressionAttributeValues: { ':version': rate.version } }),
        },
      },
    ]);
    return message;
  });
}

/**
 * A page of a conversation's messages, oldest first: those after `afterSeq` (reading forwards), or
 * the latest ones before `beforeSeq` (reading backwards); `more` says whether more lie further on
 * in the reading direction.
 */
export async function messagesPage(
  conversationId: string,
  page: { afterSeq?: number; beforeSeq?: number; limit: number },
): Promise<{ messages: MessageItem[]; more: boolean }> {
  const forwards = page.afterSeq !== undefined;
  if (page.beforeSeq !== undefined && page.beforeSeq <= (page.afterSeq ?? 0) + 1) return { messages: [], more: false };
  const range = keys.messagesBetween(conversationId, page.afterSeq ?? 0, page.beforeSeq ?? BEYOND_LAST_SEQ);
  const { Items = [] } = await queryPage({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to },
    ScanIndexForward: forwards,
    Limit: page.limit + 1,
    ConsistentRead: true,
  });
  const messages = (Items as MessageItem[]).slice(0, page.limit);
  return { messages: forwards ? messages : messages.reverse(), more: Items.length > page.limit };
}

type ListedEntry = ConversationEntryItem & { gsi1sk: string } & Record<string, unknown>;

/** A page of a user's conversations, most recent activity first, after the gsi1 sort key `after`. */
export async function conversationEntriesPage(
  userId: string,
  page: { after?: string; limit: number },
): Promise<{ entries: ListedEntry[]; more: boolean }> {
  const rows = await readIndexRange<ListedEntry>(
    {
      index: tableSchema.indexes.byOwner,
      partition: keys.userConversationsPartition(userId),
      after: page.after,
      descending: true,
    },
    page.limit + 1,
  );
  return { entries: rows.slice(0, page.limit), more: rows.length > page.limit };
}

/** Every conversation a user is in, each with all its messages oldest first (their data export). */
export async function everyConversationOf(
  userId: string,
): Promise<{ entry: ConversationEntryItem; messages: MessageItem[] }[]> {
  const entries = await queryIndexPartition<ConversationEntryItem>(
    tableSchema.indexes.byOwner,
    keys.userConversationsPartition(userId),
  );
  return Promise.all(
    entries.map(async (entry) => {
      const range = keys.messagesBetween(entry.conversationId, 0, BEYOND_LAST_SEQ);
      const messages = await queryAll<MessageItem>({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to },
      });
      return { entry, messages };
    }),
  );
}

/** How many of the other party's messages after `afterSeq` there are. */
async function unreadAfter(conversationId: string, readerId: string, afterSeq: number): Promise<number> {
  const range = keys.messagesBetween(conversationId, afterSeq, BEYOND_LAST_SEQ);
  let count = 0;
  for await (const page of pages({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    FilterExpression: '#from <> :reader',
    ExpressionAttributeNames: { '#from': 'from' },
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.from, ':to': range.to, ':reader': readerId },
    Select: 'COUNT',
    ConsistentRead: true,
  })) {
    count += page.Count ?? 0;
  }
  return count;
}

/**
 * Marks the other party's messages up to `upToSeq` read: the reader's unread count becomes what is
 * left after it, and their unread total moves by the same amount, in one transaction on condition
 * the count is the one read (a message arriving meanwhile makes it read again). Never moves back.
 */
export async function markRead(readerId: string, conversationId: string, upToSeq: number): Promise<void> {
  await retriedOnConflict(async () => {
    const entry = await getConversationEntry(readerId, conversationId);
    if (!entry || (entry.readUpToSeq ?? 0) >= upToSeq) return;
    const left = await unreadAfter(conversationId, readerId, upToSeq);
    await transact([
      {
        Update: {
          Key: keys.conversationEntry(readerId, conversationId),
          UpdateExpression: 'SET unreadCount = :left, readUpToSeq = :upTo',
          ConditionExpression: 'unreadCount = :seen AND (attribute_not_exists(readUpToSeq) OR readUpToSeq < :upTo)',
          ExpressionAttributeValues: { ':left': left, ':upTo': upToSeq, ':seen': entry.unreadCount },
        },
      },
      {
        Update: {
          Key: keys.unreadMessages(readerId),
          UpdateExpression: 'ADD unread :change',
          ExpressionAttributeValues: { ':change': left - entry.unreadCount },
        },
      },
    ]);
  });
}

export async function unreadTotal(userId: string): Promise<number> {
  const total = await getItem<{ unread: number }>(keys.unreadMessages(userId));
  return Math.max(0, total?.unread ?? 0);
}

/**
 * Claims the e-mail about new messages in a conversation for its recipient: true for the one
 * caller that moved `lastEmailedAt` from the value it saw to now.
 */
export async function claimEmailNotice(
  userId: string,
  conversationId: string,
  seenLastEmailedAt: string | undefined,
  now: Date,
): Promise<boolean> {
  const claimed = await updateIf(keys.conversationEntry(userId, conversationId), {
    UpdateExpression: 'SET lastEmailedAt = :now',
    ConditionExpression: seenLastEmailedAt ? 'lastEmailedAt = :seen' : 'attribute_not_exists(lastEmailedAt)',
    ExpressionAttributeValues: {
      ':now': now.toISOString(),
      ...(seenLastEmailedAt ? { ':seen': seenLastEmailedAt } : {}),
    },
  });
  return claimed !== null;
}

/** These messages (a conversation and sequence number each; repeats read once), those that exist. */
export function messagesOf(refs: readonly Pick<MessageItem, 'conversationId' | 'seq'>[]): Promise<MessageItem[]> {
  const unique = new Map(refs.map((ref) => [messageIdOf(ref.conversationId, ref.seq), ref]));
  return batchGet<MessageItem>([...unique.values()].map((ref) => keys.message(ref.conversationId, ref.seq)));
}

export async function getMessage(conversationId: string, seq: number): Promise<MessageItem | null> {
  return getItem<MessageItem>(keys.message(conversationId, seq));
}

/**
 * Keeps a party's report of a message for the moderators (once per reporter: a repeat changes
 * nothing), in one transaction with the report support decides and its entry in support's open
 * queue; when moderation rejected the text, the message is marked removed too.
 */
export async function recordMessageReport(
  message: MessageItem,
  report: { id: string; reporterId: string; reason: string; moderationStatus: 'approved' | 'rejected'; now: Date },
): Promise<void> {
  const at = report.now.toISOString();
  const reported: ReportItem = {
    id: report.id,
    kind: 'message',
    messageId: message.id,
    conversationId: message.conversationId,
    seq: message.seq,
    authorId: message.from,
    reporterId: report.reporterId,
    reason: report.reason,
    reportedAt: at,
    status: 'open',
  };
  try {
    await transact([
      {
        Put: {
          Item: {
            ...keys.messageReport(message.conversationId, message.seq, report.reporterId),
            messageId: message.id,
            reportId: report.id,
            reporterId: report.reporterId,
            reason: report.reason,
            moderationStatus: report.moderationStatus,
            at,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...reportPuts(reported),
      ...(report.moderationStatus === 'rejected'
        ? [
            {
              Update: {
                Key: keys.message(message.conversationId, message.seq),
                UpdateExpression: 'SET moderationStatus = :rejected',
                ExpressionAttributeValues: { ':rejected': 'rejected' },
              },
            },
          ]
        : []),
    ]);
  } catch (error) {
    // This reporter's report of this message is kept already.
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * The removed message's text leaves both parties' conversation lists too, where it is the last
 * message's preview (a later message has replaced it otherwise: nothing to do).
 */
export async function blankPreviews(message: MessageItem, parties: readonly string[]): Promise<void> {
  await Promise.all(
    parties.map((userId) =>
      updateIf(keys.conversationEntry(userId, message.conversationId), {
        UpdateExpression: 'SET lastMessage.body = :blank',
        ConditionExpression: 'lastMessage.#at = :at AND lastMessage.#from = :from',
        ExpressionAttributeNames: { '#at': 'at', '#from': 'from' },
        ExpressionAttributeValues: { ':blank': '', ':at': message.at, ':from': message.from },
      }),
    ),
  );
}

/** A stored report of a message (recordMessageReport). */
export interface MessageReportItem {
  messageId: string;
  reporterId: string;
  reason: string;
  moderationStatus: 'approved' | 'rejected';
  at: string;
  /** Set once a moderator decided it; open until then. */
  status?: 'open' | 'dismissed' | 'removed' | 'author_suspended';
}

/**
 * The reports of messages `userId` wrote, each with the message as it stands: read through the
 * user's conversations, whose reports are kept in the conversation's own partition.
 */
export async function messageReportsAgainst(
  userId: string,
): Promise<{ report: MessageReportItem; message: MessageItem }[]> {
  const entries = await queryIndexPartition<ConversationEntryItem>(
    tableSchema.indexes.byOwner,
    keys.userConversationsPartition(userId),
  );
  const reports = await Promise.all(
    entries.map((entry) =>
      queryAll<MessageReportItem>({
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :reports)',
        ExpressionAttributeValues: {
          ':pk': keys.conversationPartition(entry.conversationId),
          ':reports': keys.messageReportPrefix,
        },
      }),
    ),
  );
  const found = await Promise.all(
    reports.flat().map(async (report) => {
      const { conversationId, seq } = partsOfMessageId(report.messageId);
      const message = await getMessage(conversationId, seq);
      return message?.from === userId ? [{ report, message }] : [];
    }),
  );
  return found.flat();
}
