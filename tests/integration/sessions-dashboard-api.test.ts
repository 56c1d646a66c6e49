import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProfile } from '../../functions/data/profiles';
import type { SessionItem } from '../../functions/domain/session-item';
import { createBooking, getSession } from '../../functions/data/sessions';
import { timeBlocks } from '../../functions/data/time-claims';
import { type SessionView, sessionView } from '../../functions/schemas/session';
import { mySessions } from '../../functions/schemas/session-actions';
import { readMailbox } from '../../bin/local/mailbox';
import { handler as remindDayBefore } from '../../functions/jobs/remind-day-before';
import { at, publishedCoach } from '../support/coaches';
import { bookAndPay, refundsAnswered } from '../support/paid-sessions';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;
let coach: SignedInUser;
let mentee: SignedInUser;
let stranger: SignedInUser;

const HOUR_MS = 60 * 60_000;

const call = (user: SignedInUser, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A session written straight into the table (with its claims), as a booking would store it. */
async function storedSession(overrides: Partial<SessionItem> & { start: string; end: string }): Promise<SessionItem> {
  const now = new Date().toISOString();
  const session: SessionItem = {
    id: randomUUID(),
    coachId: coach.userId,
    menteeId: mentee.userId,
    durationMinutes: (Date.parse(overrides.end) - Date.parse(overrides.start)) / 60_000,
    priceCents: 6000,
    platformFeeCents: 600,
    status: 'confirmed',
    sessionType: 'one-time',
    isFreeConsultation: false,
    bookingMethod: 'slot',
    claimedBlocks: timeBlocks(overrides.start, overrides.end),
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  await createBooking(session, new Date());
  return session;
}

const pageOf = async (user: SignedInUser, query: string) => {
  const response = await call(user, 'GET', `/api/me/sessions?${query}`);
  expect(response.status).toBe(200);
  return mySessions.parse(await response.json());
};

/** Every session of one dashboard section, following the cursor page by page. */
const listOf = async (user: SignedInUser, when: 'upcoming' | 'past' = 'upcoming', limit = 50) => {
  const sessions: SessionView[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageOf(user, `when=${when}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    sessions.push(...page.sessions);
    cursor = page.nextCursor;
  } while (cursor);
  return sessions;
};

beforeAll(async () => {
  stack = await startTestStack();
  coach = await publishedCoach(stack.config, { payments: true, specialty: 'Cardiology' });
  [mentee, stranger] = await Promise.all([
    signedInUserWithProfile(stack.config, 'mentee'),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
});

afterAll(async () => {
  await stack?.dispose();
});

describe('GET /api/me/sessions', () => {
  it('lists only the caller’s own sessions, without pending payments, in start order', async () => {
    const later = await storedSession({ start: at(5, 10), end: at(5, 11), status: 'scheduled' });
    const earlier = await storedSession({
      start: at(3, 10),
      end: at(3, 10.5),
      isFreeConsultation: true,
      priceCents: 0,
    });
    const pending = await storedSession({
      start: at(4, 10),
      end: at(4, 11),
      status: 'pending_payment',
      paymentExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    const others = await storedSession({ start: at(3, 14), end: at(3, 15), menteeId: stranger.userId });

    const asMentee = await listOf(mentee);
    const ids = asMentee.map((s) => s.id);
    expect(ids).toContain(earlier.id);
    expect(ids).toContain(later.id);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(others.id);
    expect(asMentee.map((s) => s.start)).toEqual([...asMentee.map((s) => s.start)].sort());
    expect(ids.indexOf(earlier.id)).toBeLessThan(ids.indexOf(later.id));
    const view = asMentee.find((s) => s.id === earlier.id) as SessionView;
    expect(view).toMatchObject({
      viewerRole: 'mentee',
      isFreeConsultation: true,
      otherParty: {
        userId: coach.userId,
        firstName: 'Casey',
        lastName: 'Coach',
        credentials: 'MD',
        specialty: 'Cardiology',
      },
    });

    const asCoach = await listOf(coach);
    expect(asCoach.map((s) => s.id)).toEqual(expect.arrayContaining([earlier.id, later.id, others.id]));
    expect(asCoach.map((s) => s.id)).not.toContain(pending.id);
    expect(asCoach.find((s) => s.id === others.id)?.otherParty.userId).toBe(stranger.userId);
    expect((await listOf(stranger)).map((s) => s.id)).toEqual([others.id]);
  });

  it('lists an ended session as past by the clock and never writes on a GET', async () => {
    const ended = await storedSession({ start: at(-2, 10), end: at(-2, 11), status: 'scheduled' });
    const cancelledAhead = await storedSession({ start: at(6, 18), end: at(6, 19), status: 'cancelled' });
    expect((await listOf(mentee)).map((s) => s.id)).not.toContain(ended.id);
    const past = await listOf(mentee, 'past');
    expect(past.find((s) => s.id === ended.id)?.status).toBe('scheduled');
    expect(past.map((s) => s.id)).toContain(cancelledAhead.id);
    expect(past.map((s) => s.start)).toEqual([...past.map((s) => s.start)].sort().reverse());
    expect((await getSession(ended.id))?.status).toBe('scheduled');
  });

  it('pages with a cursor without repeats or gaps while sessions are added, as coach and as mentee', async () => {
    const [pager, partner] = await Promise.all([
      signedInUserWithProfile(stack.config, 'mentee'),
      signedInUserWithProfile(stack.config, 'mentee'),
    ]);
    const asMentee = (day: number) => storedSession({ start: at(day, 19), end: at(day, 20), menteeId: pager.userId });
    const asCoach = (day: number) =>
      storedSession({ start: at(day, 15), end: at(day, 16), coachId: pager.userId, menteeId: partner.userId });
    const existing = await Promise.all([asMentee(2), asCoach(3), asMentee(4), asCoach(5), asMentee(6), asCoach(7)]);

    const seen: SessionView[] = [];
    let page = await pageOf(pager, 'when=upcoming&limit=2');
    seen.push(...page.sessions);
    // Added while paging: one before the cursor (already passed), one after it (still ahead).
    const passed = await asCoach(1);
    const ahead = await asMentee(8);
    while (page.nextCursor) {
      page = await pageOf(pager, `when=upcoming&limit=2&cursor=${page.nextCursor}`);
      seen.push(...page.sessions);
    }
    const ids = seen.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...existing.map((s) => s.id), ahead.id]);
    expect(ids).not.toContain(passed.id);
    expect(seen.find((s) => s.id === existing[1]?.id)).toMatchObject({
      viewerRole: 'coach',
      otherParty: { userId: partner.userId },
    });

    const pastIds = (await listOf(pager, 'past', 1)).map((s) => s.id);
    expect(pastIds).toEqual([]);
  });

  it('refuses a cursor from another section or not from us', async () => {
    await Promise.all([
      storedSession({ start: at(2, 12), end: at(2, 13) }),
      storedSession({ start: at(2, 14), end: at(2, 15) }),
    ]);
    const { nextCursor } = await pageOf(mentee, 'when=upcoming&limit=1');
    expect(nextCursor).toBeDefined();
    for (const query of [`when=past&cursor=${nextCursor}`, 'cursor=garbage', 'when=later', 'limit=500']) {
      const response = await call(mentee, 'GET', `/api/me/sessions?${query}`);
      expect(response.status).toBe(400);
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await fetch(`${stack.apiUrl}/api/me/sessions`)).status).toBe(401);
  });
});

describe('another user’s session (IDOR)', () => {
  it('answers 404 to GET, cancel and rating, and changes nothing', async () => {
    const session = await storedSession({ start: at(6, 10), end: at(6, 11) });
    const done = await storedSession({ start: at(-3, 10), end: at(-3, 11), status: 'completed' });
    expect((await call(stranger, 'GET', `/api/sessions/${session.id}`)).status).toBe(404);
    expect((await call(stranger, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'mine now' })).status).toBe(
      404,
    );
    expect((await call(stranger, 'POST', `/api/sessions/${done.id}/rating`, { rating: 1 })).status).toBe(404);
    expect((await getSession(session.id))?.status).toBe('confirmed');
    expect((await getSession(done.id))?.rated).toBeUndefined();
  });
});

describe('POST /api/sessions/{id}/cancel', () => {
  it('needs a reason (400 with the spec message)', async () => {
    const session = await storedSession({ start: at(7, 10), end: at(7, 11) });
    for (const body of [{ reason: '   ' }, {}]) {
      const response = await call(mentee, 'POST', `/api/sessions/${session.id}/cancel`, body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain('Please provide a reason for cancelling this session.');
    }
    expect((await getSession(session.id))?.status).toBe('confirmed');
  });

  it('lets the coach cancel, records who did, and frees the time', async () => {
    const session = await storedSession({ start: at(7, 14), end: at(7, 15) });
    const response = await call(coach, 'POST', `/api/sessions/${session.id}/cancel`, { reason: ' Emergency shift ' });
    expect(response.status).toBe(200);
    const view = sessionView.parse(await response.json());
    expect(view).toMatchObject({ status: 'cancelled', cancelledBy: 'coach', cancellationReason: 'Emergency shift' });
    // The time is free again: the same slot can be booked.
    const rebooked = await call(mentee, 'POST', '/api/sessions', {
      coachId: coach.userId,
      start: session.start,
      durationMinutes: 60,
    });
    expect(rebooked.status).toBe(201);
    const told = (await readMailbox(stack.mailboxFile)).filter(
      (mail) => mail.subject.startsWith('Session cancelled') && mail.text.includes('Emergency shift'),
    );
    // Both parties, the one who cancelled included (workflows/booking/cancellation.ts).
    expect(told.map((mail) => mail.to).sort()).toEqual([coach.email, mentee.email].sort());
  });

  it('refuses a session that has started or is over with 409', async () => {
    const quarter = 15 * 60_000;
    const startMs = Math.floor(Date.now() / quarter) * quarter - quarter;
    const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
    const live = await storedSession({ start: iso(startMs), end: iso(startMs + 2 * HOUR_MS) });
    const response = await call(mentee, 'POST', `/api/sessions/${live.id}/cancel`, { reason: 'late' });
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe('SESSION_STARTED');
  });

  it('refunds a paid session once, however often the cancel is sent', async () => {
    // Paid as Stripe tells it (the webhook writes the payment), so the refund's charge.refunded finds it.
    const { session, checkoutId } = await bookAndPay(stack, { mentee, coach, start: at(8, 9) });
    expect(sessionView.parse(await (await call(mentee, 'GET', `/api/sessions/${session.id}`)).json()).status).toBe(
      'scheduled',
    );

    const attempts = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        call(mentee, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'Change of plans' }),
      ),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const retry = await call(mentee, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'Change of plans' });
    expect(retry.status).toBe(409);
    // The refund is requested with the cancellation and made by its job (workflows/payments/refunds.ts).
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    const stored = await getSession(session.id);
    expect(stored).toMatchObject({ status: 'cancelled', cancelledBy: 'mentee' });
    expect(stored?.refundId).toBeTruthy();
    expect(stored?.refund).toMatchObject({ status: 'succeeded' });
  });
});

describe('POST /api/sessions/{id}/rating', () => {
  it('validates the rating and the review length', async () => {
    const done = await storedSession({ start: at(-4, 10), end: at(-4, 11), status: 'completed' });
    const noRating = await call(mentee, 'POST', `/api/sessions/${done.id}/rating`, {});
    expect(noRating.status).toBe(400);
    expect(JSON.stringify(await noRating.json())).toContain('Please select a rating');
    const long = await call(mentee, 'POST', `/api/sessions/${done.id}/rating`, {
      rating: 4,
      reviewText: 'x'.repeat(501),
    });
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toContain('Review must be 500 characters or less');
  });

  it('refuses the coach (403) and a session not completed yet (409)', async () => {
    const done = await storedSession({ start: at(-5, 10), end: at(-5, 11), status: 'completed' });
    expect((await call(coach, 'POST', `/api/sessions/${done.id}/rating`, { rating: 5 })).status).toBe(403);
    const ahead = await storedSession({ start: at(9, 10), end: at(9, 11) });
    expect((await call(mentee, 'POST', `/api/sessions/${ahead.id}/rating`, { rating: 5 })).status).toBe(409);
  });

  it('rates a session completed on read, and moderates the review', async () => {
    const ended = await storedSession({ start: at(-6, 10), end: at(-6, 11), status: 'scheduled' });
    const response = await call(mentee, 'POST', `/api/sessions/${ended.id}/rating`, {
      rating: 2,
      reviewText: 'What a load of shit',
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ moderationStatus: 'rejected' });
    const listed = (await listOf(mentee, 'past')).find((s) => s.id === ended.id);
    expect(listed).toMatchObject({
      status: 'completed',
      rating: { rating: 2, reviewText: null, moderationStatus: 'rejected' },
    });
  });

  it('accepts exactly one of two concurrent ratings of one session', async () => {
    const done = await storedSession({ start: at(-7, 10), end: at(-7, 11), status: 'completed' });
    const [a, b] = await Promise.all([
      call(mentee, 'POST', `/api/sessions/${done.id}/rating`, { rating: 5, reviewText: 'Great' }),
      call(mentee, 'POST', `/api/sessions/${done.id}/rating`, { rating: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect((await loser.json()).error).toEqual({
      code: 'ALREADY_RATED',
      message: 'You have already rated this session',
    });
    const again = await call(mentee, 'POST', `/api/sessions/${done.id}/rating`, { rating: 3 });
    expect(again.status).toBe(409);
  });

  it('keeps the coach’s average exact under many concurrent ratings', async () => {
    const rater = await publishedCoach(stack.config, { payments: true, specialty: 'Cardiology' });
    const stars = [5, 4, 4, 3, 5, 1, 2, 5, 4, 3, 5, 5];
    const sessions = [];
    for (const [index] of stars.entries()) {
      sessions.push(
        await storedSession({
          coachId: rater.userId,
          start: at(-10, index),
          end: at(-10, index + 1),
          status: 'completed',
        }),
      );
    }
    const responses = await Promise.all(
      sessions.map((session, index) =>
        call(mentee, 'POST', `/api/sessions/${session.id}/rating`, { rating: stars[index] }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(stars.map(() => 201));
    const profile = await getProfile(rater.userId);
    const sum = stars.reduce((total, star) => total + star, 0);
    expect(profile?.totalRatings).toBe(stars.length);
    expect(profile?.averageRating).toBe(Math.round((sum / stars.length) * 100) / 100);
    const listed = await (await fetch(`${stack.apiUrl}/api/coaches/${rater.userId}/ratings?limit=20`)).json();
    expect(listed.total).toBe(stars.length);
  });
});

describe('session reminders', () => {
  it('e-mail both parties who keep notifications on, only while the session is held', async () => {
    const held = await storedSession({ start: at(12, 10), end: at(12, 11) });
    // A held session's write starts its confirmations (from the table stream): let them land first.
    await stack.jobsSettled();
    const before = (await readMailbox(stack.mailboxFile)).length;
    expect(await remindDayBefore({ sessionId: held.id })).toEqual({ applied: true });
    const sent = (await readMailbox(stack.mailboxFile)).slice(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual([coach.email, mentee.email].sort());
    expect(sent.every((mail) => mail.subject === 'Reminder: your session tomorrow')).toBe(true);

    await call(mentee, 'POST', `/api/sessions/${held.id}/cancel`, { reason: 'No longer needed' });
    // The cancellation's own e-mails go out from the table stream: count only once they have.
    await stack.jobsSettled();
    const afterCancel = (await readMailbox(stack.mailboxFile)).length;
    expect(await remindDayBefore({ sessionId: held.id })).toEqual({ applied: false });
    expect((await readMailbox(stack.mailboxFile)).length).toBe(afterCancel);
  });
});
