import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../../bin/local/mailbox';
import { db, tableName } from '../../functions/data/client';
import { conversationIdOf, messageIdOf } from '../../functions/data/conversations';
import { keys } from '../../functions/data/keys';
import type { SessionItem } from '../../functions/domain/session-item';
import { PAYMENT_ABANDONED_REASON } from '../../functions/domain/booking';
import {
  contactView,
  conversationList,
  type MessageView,
  messagePage,
  sentMessage,
  unreadCount,
} from '../../functions/schemas/messages';
import { storedBooking } from '../support/bookings';
import { at, publishedCoach } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;

const call = (user: SignedInUser | null, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user?.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let nextDay = 1;

/** A booking between the two on a day of its own, so no two bookings of a coach overlap. */
const booking = (coach: SignedInUser, mentee: SignedInUser, overrides: Partial<SessionItem> = {}) =>
  storedBooking({ coachId: coach.userId, menteeId: mentee.userId }, at(nextDay++, 10), overrides);

/** A mentor and a mentee with a confirmed booking between them. */
async function bookedPair() {
  const [coach, mentee] = await Promise.all([
    publishedCoach(stack.config, { payments: false }),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
  await booking(coach, mentee);
  return { coach, mentee };
}

async function send(from: SignedInUser, to: SignedInUser, body: string) {
  const response = await call(from, 'POST', '/api/messages', { to: to.userId, body });
  expect(response.status).toBe(201);
  return sentMessage.parse(await response.json());
}

const unreadOf = async (user: SignedInUser) =>
  unreadCount.parse(await (await call(user, 'GET', '/api/me/unread')).json()).unread;

const conversationsOf = async (user: SignedInUser) => {
  const response = await call(user, 'GET', '/api/me/conversations');
  expect(response.status).toBe(200);
  return conversationList.parse(await response.json()).conversations;
};

const pageOf = async (user: SignedInUser, conversationId: string, query: string) => {
  const response = await call(user, 'GET', `/api/conversations/${conversationId}/messages?${query}`);
  expect(response.status).toBe(200);
  return messagePage.parse(await response.json());
};

const errorCodeOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

/** Moves a stored attribute into the past, as if that much time had gone by. */
const backdate = (key: { pk: string; sk: string }, attribute: string, value: unknown) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #a = :value',
      ExpressionAttributeNames: { '#a': attribute },
      ExpressionAttributeValues: { ':value': value },
    }),
  );

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.dispose();
});

describe('who may message whom', () => {
  it('opens the conversation for a booked pair, both ways, as one conversation', async () => {
    const { coach, mentee } = await bookedPair();
    const first = await send(mentee, coach, '  Could you look at my CV before our call?  ');
    expect(first.message).toMatchObject({ from: mentee.userId, body: 'Could you look at my CV before our call?' });
    const reply = await send(coach, mentee, 'Of course, send it over.');
    expect(reply.conversationId).toBe(first.conversationId);
    const thread = await pageOf(coach, first.conversationId, '');
    expect(thread.messages.map((m) => m.body)).toEqual([
      'Could you look at my CV before our call?',
      'Of course, send it over.',
    ]);
    expect((thread.messages[0]?.id ?? '~') < (thread.messages[1]?.id ?? '')).toBe(true);
  });

  it('refuses a stranger with 403 NO_RELATIONSHIP and hides the pair’s conversation from them with 404', async () => {
    const { coach, mentee } = await bookedPair();
    const stranger = await signedInUserWithProfile(stack.config, 'mentee');
    const { conversationId, message } = await send(mentee, coach, 'Hello');

    const refused = await call(stranger, 'POST', '/api/messages', { to: coach.userId, body: 'Hi there' });
    expect(refused.status).toBe(403);
    expect(await errorCodeOf(refused)).toBe('NO_RELATIONSHIP');

    expect((await call(stranger, 'GET', `/api/conversations/${conversationId}/messages`)).status).toBe(404);
    expect(
      (await call(stranger, 'POST', `/api/conversations/${conversationId}/read`, { upTo: message.id })).status,
    ).toBe(404);
    expect((await call(stranger, 'POST', `/api/messages/${message.id}/report`, { reason: 'spam' })).status).toBe(404);
    expect(await conversationsOf(stranger)).toEqual([]);
    expect((await call(null, 'GET', `/api/conversations/${conversationId}/messages`)).status).toBe(401);
    expect((await call(null, 'POST', '/api/messages', { to: coach.userId, body: 'x' })).status).toBe(401);
  });

  it('stays closed while the only booking is a pending payment or an abandoned checkout, and opens once it is paid', async () => {
    const [coach, mentee] = await Promise.all([
      publishedCoach(stack.config, { payments: false }),
      signedInUserWithProfile(stack.config, 'mentee'),
    ]);
    await booking(coach, mentee, {
      status: 'pending_payment',
      paymentExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    await booking(coach, mentee, {
      status: 'cancelled',
      cancelledBy: 'mentee',
      cancellationReason: PAYMENT_ABANDONED_REASON,
    });
    for (const [from, to] of [
      [mentee, coach],
      [coach, mentee],
    ] as const) {
      const refused = await call(from, 'POST', '/api/messages', { to: to.userId, body: 'Running late' });
      expect(refused.status).toBe(403);
      expect(await errorCodeOf(refused)).toBe('NO_RELATIONSHIP');
    }
    const contact = contactView.parse(await (await call(mentee, 'GET', `/api/me/contacts/${coach.userId}`)).json());
    expect(contact).toMatchObject({ canMessage: false, conversationId: null });

    await booking(coach, mentee, { status: 'scheduled' });
    const sent = await send(mentee, coach, 'Running late');
    const opened = contactView.parse(await (await call(mentee, 'GET', `/api/me/contacts/${coach.userId}`)).json());
    expect(opened).toMatchObject({ canMessage: true, conversationId: sent.conversationId });
  });
});

describe('what a message may be', () => {
  it('takes 1 to 4,000 characters after trimming, as plain text', async () => {
    const { coach, mentee } = await bookedPair();
    for (const body of ['x'.repeat(4_001), '   ', '']) {
      const response = await call(mentee, 'POST', '/api/messages', { to: coach.userId, body });
      expect(response.status).toBe(400);
      expect(await errorCodeOf(response)).toBe('VALIDATION_FAILED');
    }
    expect((await send(mentee, coach, 'y'.repeat(4_000))).message.body).toHaveLength(4_000);
    const markup = '<img src=x onerror=alert(1)>';
    expect((await send(mentee, coach, markup)).message.body).toBe(markup);
  });

  it('answers the 21st message in ten minutes with 429 RATE_LIMITED and Retry-After, and lets it through once the window moved', async () => {
    const { coach, mentee } = await bookedPair();
    for (let index = 1; index <= 20; index++) await send(mentee, coach, `message ${index}`);
    const refused = await call(mentee, 'POST', '/api/messages', { to: coach.userId, body: 'message 21' });
    expect(refused.status).toBe(429);
    expect(await errorCodeOf(refused)).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The limit is the sender's, not the conversation's: the mentor can still answer.
    await send(coach, mentee, 'Slow down a little :)');

    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000).toISOString();
    await backdate(keys.messageRate(mentee.userId), 'sentAt', Array(20).fill(elevenMinutesAgo));
    await send(mentee, coach, 'message 21');
  });
});

describe('unread counts', () => {
  it('counts for both sides, in the list and the header total, and goes down as the thread is read', async () => {
    const { coach, mentee } = await bookedPair();
    const first = await send(mentee, coach, 'one');
    await send(mentee, coach, 'two');
    const third = await send(mentee, coach, 'three');
    expect(await unreadOf(coach)).toBe(3);
    expect(await unreadOf(mentee)).toBe(0);
    const [coachView] = await conversationsOf(coach);
    expect(coachView).toMatchObject({
      id: first.conversationId,
      otherParty: { userId: mentee.userId, firstName: 'Test', lastName: 'Mentee' },
      lastMessage: { body: 'three', fromMe: false },
      unreadCount: 3,
    });

    const reply = await send(coach, mentee, 'four');
    expect(await unreadOf(mentee)).toBe(1);
    expect((await conversationsOf(mentee))[0]).toMatchObject({
      otherParty: { userId: coach.userId, firstName: 'Casey', lastName: 'Coach', credentials: 'MD' },
      lastMessage: { body: 'four', fromMe: false },
      unreadCount: 1,
    });
    expect((await conversationsOf(coach))[0]).toMatchObject({ lastMessage: { fromMe: true }, unreadCount: 3 });

    const read = (user: SignedInUser, upTo: string) =>
      call(user, 'POST', `/api/conversations/${first.conversationId}/read`, { upTo });
    expect((await read(coach, first.message.id)).status).toBe(204);
    expect(await unreadOf(coach)).toBe(2);
    // Marking one's own later message read counts the other party's before it.
    expect((await read(coach, reply.message.id)).status).toBe(204);
    expect(await unreadOf(coach)).toBe(0);
    expect((await read(coach, third.message.id)).status).toBe(204);
    expect(await unreadOf(coach)).toBe(0);
    expect((await read(mentee, reply.message.id)).status).toBe(204);
    expect(await unreadOf(mentee)).toBe(0);
    expect((await conversationsOf(mentee))[0]?.unreadCount).toBe(0);

    const otherConversation = conversationIdOf(randomUUID(), randomUUID());
    expect((await read(coach, `${otherConversation}.0000000001`)).status).toBe(400);
  });

  it('lists a user’s conversations most recent first', async () => {
    const { coach, mentee } = await bookedPair();
    const otherMentee = await signedInUserWithProfile(stack.config, 'mentee');
    await booking(coach, otherMentee);
    const older = await send(mentee, coach, 'first conversation');
    const newer = await send(otherMentee, coach, 'second conversation');
    expect((await conversationsOf(coach)).map((c) => c.id)).toEqual([newer.conversationId, older.conversationId]);
    await send(coach, mentee, 'back to the first');
    expect((await conversationsOf(coach)).map((c) => c.id)).toEqual([older.conversationId, newer.conversationId]);
  });
});

describe('e-mail to the recipient', () => {
  it('e-mails at most once per conversation per 15 minutes, only with notifications on, never with the text', async () => {
    const { coach, mentee } = await bookedPair();
    // The booking's own confirmations reach the pair too, from the session's stream.
    const mailsTo = async (user: SignedInUser) =>
      (await readMailbox(stack.mailboxFile)).filter(
        (mail) => mail.to === user.email && mail.subject.startsWith('New message'),
      );
    const bodies = ['Secret one about my CV', 'Secret two, a follow-up', 'Secret three after a while'];

    const { conversationId } = await send(mentee, coach, bodies[0] as string);
    expect(await mailsTo(coach)).toHaveLength(1);
    await send(mentee, coach, bodies[1] as string);
    expect(await mailsTo(coach)).toHaveLength(1);

    await backdate(
      keys.conversationEntry(coach.userId, conversationId),
      'lastEmailedAt',
      new Date(Date.now() - 16 * 60_000).toISOString(),
    );
    await send(mentee, coach, bodies[2] as string);
    const toCoach = await mailsTo(coach);
    expect(toCoach).toHaveLength(2);
    for (const mail of toCoach) {
      expect(mail.subject).toBe('New message from Test Mentee');
      expect(mail.text).toContain(`/messages/${conversationId}`);
      for (const body of bodies) {
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain(body);
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('Secret');
      }
    }

    await backdate(keys.profile(mentee.userId), 'emailNotifications', false);
    await send(coach, mentee, 'A reply the mentee is not e-mailed about');
    expect(await mailsTo(mentee)).toHaveLength(0);
  });
});

describe('paging through a thread', () => {
  it('pages back through 250 messages and forwards with `after` without gaps or duplicates while new ones arrive', async () => {
    const { coach, mentee } = await bookedPair();
    const conversationId = conversationIdOf(mentee.userId, coach.userId);
    // The first through the API; the other 249 written as appending stores them (what is tested
    // here is reading, and appending them one transaction at a time would take most of a minute).
    const { message: first } = await send(mentee, coach, 'message 1');
    const startedAt = Date.parse(first.at);
    const stored = Array.from({ length: 249 }, (_, index) => {
      const seq = index + 2;
      const message = {
        id: messageIdOf(conversationId, seq),
        conversationId,
        seq,
        from: seq % 3 ? mentee.userId : coach.userId,
        body: `message ${seq}`,
        at: new Date(startedAt + seq).toISOString(),
      };
      return { PutRequest: { Item: { ...keys.message(conversationId, seq), ...message } } };
    });
    for (let index = 0; index < stored.length; index += 25) {
      await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: stored.slice(index, index + 25) } }));
    }
    await backdate(keys.conversation(conversationId), 'lastSeq', 250);

    const seen: MessageView[] = [];
    let page = await pageOf(coach, conversationId, 'limit=40');
    const newestAtStart = page.messages.at(-1)?.id as string;
    seen.unshift(...page.messages);
    let arrived = 0;
    while (page.nextCursor) {
      arrived++;
      await send(arrived % 2 ? coach : mentee, arrived % 2 ? mentee : coach, `arrived ${arrived}`);
      page = await pageOf(coach, conversationId, `limit=40&before=${page.nextCursor}`);
      seen.unshift(...page.messages);
    }
    expect(seen.map((m) => m.body)).toEqual(Array.from({ length: 250 }, (_, index) => `message ${index + 1}`));

    const newer: MessageView[] = [];
    let after = newestAtStart;
    for (;;) {
      const forward = await pageOf(coach, conversationId, `limit=3&after=${after}`);
      newer.push(...forward.messages);
      if (!forward.nextCursor) break;
      after = forward.nextCursor;
    }
    expect(newer.map((m) => m.body)).toEqual(Array.from({ length: arrived }, (_, index) => `arrived ${index + 1}`));
    const ids = [...seen, ...newer].map((m) => m.id);
    expect(new Set(ids).size).toBe(250 + arrived);
    expect(ids).toEqual([...ids].sort());
    expect((await pageOf(coach, conversationId, `after=${ids.at(-1)}`)).messages).toEqual([]);
  }, 60_000);
});

describe('reporting a message', () => {
  it('sends the message through the reviews’ moderation: a rejected one is removed, a clean one stays', async () => {
    const { coach, mentee } = await bookedPair();
    const rude = await send(mentee, coach, 'You are a fucking idiot');
    const fine = await send(mentee, coach, 'See you on Tuesday');
    for (const message of [rude.message, fine.message]) {
      const response = await call(coach, 'POST', `/api/messages/${message.id}/report`, { reason: 'Abusive' });
      expect(response.status).toBe(202);
    }
    const thread = await pageOf(coach, rude.conversationId, '');
    expect(thread.messages).toEqual([
      expect.objectContaining({ id: rude.message.id, body: '', removed: true }),
      expect.objectContaining({ id: fine.message.id, body: 'See you on Tuesday' }),
    ]);
    const own = await call(mentee, 'POST', `/api/messages/${fine.message.id}/report`, { reason: 'oops' });
    expect(own.status).toBe(403);
    expect((await call(coach, 'POST', `/api/messages/${fine.message.id}/report`, { reason: '' })).status).toBe(400);
  });
});
