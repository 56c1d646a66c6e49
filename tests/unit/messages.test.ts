import { describe, expect, it } from 'vitest';
import { messageParts } from '../../functions/domain/message-links';
import {
  bookingOpensConversation,
  newMessagesEmail,
  rateWindow,
  shouldEmailRecipient,
} from '../../functions/domain/messages';
import { sendMessageInput } from '../../functions/schemas/messages';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe('rateWindow', () => {
  it('lets the 20th message in ten minutes through and keeps only the sends inside the window', () => {
    const sent = [minutesBefore(30), ...Array.from({ length: 19 }, (_, index) => minutesBefore(9 - index * 0.1))];
    const decision = rateWindow(sent, NOW);
    expect(decision.allowed).toBe(true);
    if (decision.allowed) {
      expect(decision.sentAt).toHaveLength(20);
      expect(decision.sentAt.at(-1)).toBe(NOW.toISOString());
      expect(decision.sentAt).not.toContain(minutesBefore(30));
    }
  });

  it('refuses the 21st and says when the oldest send leaves the window', () => {
    const sent = Array.from({ length: 20 }, (_, index) => minutesBefore(9 - index * 0.1));
    expect(rateWindow(sent, NOW)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('counts a send exactly ten minutes ago as outside the window', () => {
    const sent = [minutesBefore(10), ...Array.from({ length: 19 }, () => minutesBefore(1))];
    expect(rateWindow(sent, NOW).allowed).toBe(true);
  });

  it('asks for at least one second, never zero', () => {
    const sent = [
      new Date(NOW.getTime() - 599_999).toISOString(),
      ...Array.from({ length: 19 }, () => minutesBefore(1)),
    ];
    expect(rateWindow(sent, NOW)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('reads the sends in any order', () => {
    const sent = Array.from({ length: 20 }, (_, index) => minutesBefore(index % 2 ? 2 : 8));
    expect(rateWindow(sent, NOW)).toEqual({ allowed: false, retryAfterSeconds: 120 });
  });
});

describe('shouldEmailRecipient', () => {
  const facts = { notificationsOn: true, unreadCount: 1, lastEmailedAt: undefined, now: NOW };

  it('e-mails the first time there is something unread', () => {
    expect(shouldEmailRecipient(facts)).toBe(true);
  });

  it('waits 15 minutes after the last e-mail about the conversation, to the millisecond', () => {
    expect(shouldEmailRecipient({ ...facts, lastEmailedAt: minutesBefore(14.99) })).toBe(false);
    expect(shouldEmailRecipient({ ...facts, lastEmailedAt: minutesBefore(15) })).toBe(true);
  });

  it('never e-mails with notifications off or nothing unread', () => {
    expect(shouldEmailRecipient({ ...facts, notificationsOn: false })).toBe(false);
    expect(shouldEmailRecipient({ ...facts, unreadCount: 0 })).toBe(false);
  });
});

describe('newMessagesEmail', () => {
  it('names the sender and links to the conversation, with nothing of the text, escaped in HTML', () => {
    const mail = newMessagesEmail({
      recipient: { email: 'coach@example.test', firstName: '<Casey>' },
      sender: { firstName: 'Ann', lastName: 'Lee', credentials: 'MD' },
      conversationUrl: 'https://site.example/messages/abc',
    });
    expect(mail.subject).toBe('New message from Ann Lee, MD');
    expect(mail.text).toContain('https://site.example/messages/abc');
    expect(mail.html).toContain('Hello &#60;Casey&#62;,');
    expect(mail.html).not.toContain('<Casey>');
  });
});

describe('bookingOpensConversation', () => {
  it('opens for a held, completed or party-cancelled booking', () => {
    for (const status of ['confirmed', 'scheduled', 'completed'] as const) {
      expect(bookingOpensConversation({ status })).toBe(true);
    }
    expect(bookingOpensConversation({ status: 'cancelled', cancelledBy: 'coach', cancellationReason: 'Ill' })).toBe(
      true,
    );
  });

  it('stays closed for a pending payment and a payment that never came', () => {
    expect(bookingOpensConversation({ status: 'pending_payment' })).toBe(false);
    expect(
      bookingOpensConversation({
        status: 'cancelled',
        cancelledBy: 'system',
        cancellationReason: 'Payment session expired',
      }),
    ).toBe(false);
    expect(
      bookingOpensConversation({
        status: 'cancelled',
        cancelledBy: 'mentee',
        cancellationReason: 'Payment cancelled by user',
      }),
    ).toBe(false);
  });
});

describe('messageParts', () => {
  it('finds http, https and www addresses and leaves the rest as text', () => {
    expect(messageParts('See https://example.org/cv.pdf and www.nejm.org, then http://a.b/c?d=1#e.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/cv.pdf', href: 'https://example.org/cv.pdf' },
      { text: ' and ' },
      { text: 'www.nejm.org', href: 'https://www.nejm.org' },
      { text: ', then ' },
      { text: 'http://a.b/c?d=1#e', href: 'http://a.b/c?d=1#e' },
      { text: '.' },
    ]);
  });

  it('keeps markup and other schemes as plain text', () => {
    const text = '<img src=x onerror=alert(1)> javascript:alert(1) <a href="https://x.y">';
    const parts = messageParts(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.filter((part) => 'href' in part)).toEqual([{ text: 'https://x.y', href: 'https://x.y' }]);
  });

  it('drops closing punctuation and brackets around an address', () => {
    expect(messageParts('(see https://example.org/a)')).toEqual([
      { text: '(see ' },
      { text: 'https://example.org/a', href: 'https://example.org/a' },
      { text: ')' },
    ]);
  });

  it('gives no parts for no text and one for text without addresses', () => {
    expect(messageParts('')).toEqual([]);
    expect(messageParts('no links here')).toEqual([{ text: 'no links here' }]);
  });
});

describe('sendMessageInput', () => {
  it('trims the text and takes 1 to 4,000 characters', () => {
    expect(sendMessageInput.parse({ to: 'u1', body: '  hi  ' }).body).toBe('hi');
    expect(sendMessageInput.safeParse({ to: 'u1', body: 'x'.repeat(4_000) }).success).toBe(true);
    expect(sendMessageInput.safeParse({ to: 'u1', body: 'x'.repeat(4_001) }).success).toBe(false);
    expect(sendMessageInput.safeParse({ to: 'u1', body: ' \n ' }).success).toBe(false);
  });
});
