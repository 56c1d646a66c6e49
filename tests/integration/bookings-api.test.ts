import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { signStripeEvent, verifyStripeEvent } from '../../functions/adapters/stripe-events';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { getSession, markPaymentAbandoned } from '../../functions/data/sessions';
import { handler as expireJob } from '../../functions/jobs/expire-pending-payment';
import { bookingResult, type SessionView, sessionView } from '../../functions/schemas/session';
import { readMailbox, type StoredMail } from '../../bin/local/mailbox';
import { standInKeys } from '../../bin/local/standin-keys';
import { at, publishedCoach, RATE_CENTS } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { refundsAnswered } from '../support/paid-sessions';
import { zoomConnected } from '../support/zoom';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;
let payments: LocalStripe;
let coach: SignedInUser;
let mentee: SignedInUser;

const book = (user: SignedInUser, body: Record<string, unknown>) =>
  fetch(`${stack.apiUrl}/api/sessions`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function booked(user: SignedInUser, body: Record<string, unknown>) {
  const response = await book(user, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return bookingResult.parse(await response.json());
}

async function sessionAs(user: SignedInUser, id: string): Promise<SessionView> {
  const response = await fetch(`${stack.apiUrl}/api/sessions/${id}`, { headers: user.auth });
  expect(response.status).toBe(200);
  return sessionView.parse(await response.json());
}

const deliver = ({ body, signature }: { body: string; signature: string }) =>
  fetch(`${stack.apiUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });

const checkoutIdOf = (url: string) => new URL(url).searchParams.get('id') as string;

beforeAll(async () => {
  stack = await startTestStack();
  payments = localStripeFromEnvironment() as LocalStripe;
  [coach, mentee] = await Promise.all([
    publishedCoach(stack.config, { payments: true }),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
});

afterAll(async () => {
  await stack?.dispose();
});

describe('POST /api/sessions: the rules', () => {
  const slot = (days: number, hours: number, durationMinutes = 60) => ({
    coachId: coach.userId,
    start: at(days, hours),
    durationMinutes,
  });

  it.each([
    ['a past slot', () => slot(-1, 10), 400],
    ['a slot more than 30 days ahead', () => slot(31, 10), 400],
    ['a slot outside availability', () => slot(2, 23.5, 30), 400],
    ['a slot off the half-hour grid', () => slot(2, 10.25, 30), 400],
    ['a duration that is not offered', () => slot(2, 10, 45), 400],
    ['a free consultation of the wrong length', () => ({ ...slot(2, 10, 15), freeConsultation: true }), 400],
    ['an unknown coach', () => ({ ...slot(2, 10), coachId: 'nobody' }), 404],
  ])('refuses %s', async (_name, body, status) => {
    expect((await book(mentee, body())).status).toBe(status);
  });

  it('refuses booking yourself with 403', async () => {
    expect((await book(coach, slot(2, 11))).status).toBe(403);
  });

  it('refuses an unpublished coach with 403', async () => {
    const hidden = await publishedCoach(stack.config, { payments: true });
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(hidden.userId),
        UpdateExpression: 'SET published = :false',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
    expect((await book(mentee, { ...slot(2, 10), coachId: hidden.userId })).status).toBe(403);
  });

  it('refuses a paid session priced below the smallest card charge with 400, holding no time', async () => {
    const cheap = await publishedCoach(stack.config, { payments: true });
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(cheap.userId),
        UpdateExpression: 'SET hourlyRateCents = :dollar',
        ExpressionAttributeValues: { ':dollar': 100 },
      }),
    );
    const response = await book(mentee, { ...slot(2, 10, 15), coachId: cheap.userId });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This session would cost $0.25, below the $0.50 minimum for a paid session. Choose a longer session.',
    });
    expect((await book(mentee, { ...slot(2, 10, 30), coachId: cheap.userId })).status).toBe(201);
  });

  it('refuses a fourth unpaid hold of one mentee with 409, even when all four are sent at once', async () => {
    const holder = await signedInUserWithProfile(stack.config, 'mentee');
    const attempts = await Promise.all(
      [9, 11, 13, 15].map((hour) => book(holder, { ...slot(6, hour), coachId: coach.userId })),
    );
    const statuses = attempts.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409]);
    const refused = attempts.find((response) => response.status === 409) as Response;
    expect((await refused.json()).error).toMatchObject({
      code: 'TOO_MANY_UNPAID_HOLDS',
      message: expect.stringContaining('awaiting payment'),
    });

    const [paid] = await Promise.all(
      attempts.filter((r) => r.status === 201).map(async (r) => bookingResult.parse(await r.json())),
    );
    await deliver(
      (await payments.settleCheckout(checkoutIdOf(paid?.checkoutUrl as string), 'paid')) as {
        body: string;
        signature: string;
      },
    );
    expect((await book(holder, { ...slot(6, 17), coachId: coach.userId })).status).toBe(201);
  });

  it('needs a signed-in caller', async () => {
    const response = await fetch(`${stack.apiUrl}/api/sessions`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
  });

  it('prices from the stored rate and ignores a price sent by the client', async () => {
    const result = await booked(mentee, { ...slot(3, 9, 30), priceCents: 1, price_amount: 1, amount: 1 });
    expect(result.session.priceCents).toBe(RATE_CENTS / 2);
    expect(result.session.status).toBe('pending_payment');
    const checkout = await payments.findCheckout(checkoutIdOf(result.checkoutUrl as string));
    expect(checkout?.amountCents).toBe(RATE_CENTS / 2);
    expect((await getSession(result.session.id))?.platformFeeCents).toBe(600);
  });

  it('only takes free consultations for a coach whose payment account is not finished', async () => {
    const unpaid = await publishedCoach(stack.config, { payments: false });
    const paid = await book(mentee, { ...slot(4, 9), coachId: unpaid.userId });
    expect(paid.status).toBe(409);
    const free = await booked(mentee, { ...slot(4, 9, 30), coachId: unpaid.userId, freeConsultation: true });
    expect(free.session).toMatchObject({ status: 'confirmed', priceCents: 0, isFreeConsultation: true });
  });
});

describe('POST /api/sessions under concurrency', () => {
  it('lets exactly one of 20 overlapping bookings of one slot succeed', async () => {
    const mentees = await Promise.all(Array.from({ length: 5 }, () => signedInUserWithProfile(stack.config, 'mentee')));
    const attempts = Array.from({ length: 20 }, (_, index) => {
      const who = mentees[index % mentees.length] as SignedInUser;
      // Half ask for 10:00–11:00, half for 10:30–11:00: every pair overlaps.
      const body = index % 2 ? { start: at(5, 10), durationMinutes: 60 } : { start: at(5, 10.5), durationMinutes: 30 };
      return book(who, { coachId: coach.userId, ...body });
    });
    const responses = await Promise.all(attempts);
    const statuses = responses.map((response) => response.status).sort();
    expect(
      statuses.filter((status) => status === 201),
      String(statuses),
    ).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const codes = await Promise.all(
      responses.filter((r) => r.status === 409).map(async (r) => (await r.json()).error.code),
    );
    expect(new Set(codes)).toEqual(new Set(['SLOT_TAKEN']));
  });

  it('lets one mentee claim the free consultation with a coach exactly once, even 20 times at once', async () => {
    const newcomer = await signedInUserWithProfile(stack.config, 'mentee');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        book(newcomer, { coachId: coach.userId, start: at(6, index), durationMinutes: 30, freeConsultation: true }),
      ),
    );
    expect(
      responses.filter((response) => response.status === 201),
      String(responses.map((r) => r.status)),
    ).toHaveLength(1);
    const refused = responses.filter((response) => response.status !== 201);
    expect(refused.every((response) => response.status === 409)).toBe(true);
    const codes = await Promise.all(refused.map(async (response) => (await response.json()).error.code));
    expect(codes).toContain('FREE_CONSULT_USED');
    const later = await book(newcomer, {
      coachId: coach.userId,
      start: at(7, 3),
      durationMinutes: 30,
      freeConsultation: true,
    });
    expect((await later.json()).error.code).toBe('FREE_CONSULT_USED');
  });
});

describe('a free consultation', () => {
  it('comes back when the mentee cancels more than 24 hours ahead, and is spent when they cancel later', async () => {
    const newcomer = await signedInUserWithProfile(stack.config, 'mentee');
    const free = (start: string) =>
      book(newcomer, { coachId: coach.userId, start, durationMinutes: 30, freeConsultation: true });
    const cancel = (id: string) =>
      fetch(`${stack.apiUrl}/api/sessions/${id}/cancel`, {
        method: 'POST',
        headers: { ...newcomer.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Plans changed' }),
      });
    const early = bookingResult.parse(await (await free(at(3, 10))).json()).session;
    expect((await cancel(early.id)).status).toBe(200);
    // A half hour about 22 hours from now: inside the 24 hours, past the hour's notice a free consultation
    // needs, and never 23:30 UTC, whose half hour would end past the coach's day (00:00–23:30).
    const halfHour = 30 * 60_000;
    const first = Math.ceil((Date.now() + 22 * 60 * 60_000) / halfHour) * halfHour;
    const lateStart = new Date(first).toISOString().endsWith('T23:30:00.000Z') ? first - halfHour : first;
    const late = await free(new Date(lateStart).toISOString().replace('.000Z', 'Z'));
    expect(late.status).toBe(201);
    expect((await cancel(bookingResult.parse(await late.json()).session.id)).status).toBe(200);
    const again = await free(at(4, 10));
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('FREE_CONSULT_USED');
  });

  it('is confirmed at once, with a meeting note and confirmation e-mails with an invitation to both parties, sent by SES', async () => {
    const newcomer = await signedInUserWithProfile(stack.config, 'mentee');
    stack.requestLog.clear('ses');
    const { session } = await booked(newcomer, {
      coachId: coach.userId,
      start: at(8, 14),
      durationMinutes: 30,
      freeConsultation: true,
    });
    expect(session).toMatchObject({ status: 'confirmed', priceCents: 0, viewerRole: 'mentee' });
    // The meeting and e-mails follow in the finishBooking job, after the booking's answer.
    await stack.jobsSettled();
    expect((await sessionAs(newcomer, session.id)).meetingNote).toMatch(/not connected Zoom/);
    const mails = (await readMailbox(stack.mailboxFile)).filter((mail: StoredMail) =>
      mail.subject.startsWith('Session confirmed'),
    );
    const recipients = mails.filter((mail) => mail.text.includes('30 minutes')).map((mail) => mail.to);
    expect(recipients).toEqual(expect.arrayContaining([newcomer.email, coach.email]));
    const invite = mails.find((mail) => mail.to === newcomer.email)?.attachments?.[0];
    expect(invite?.filename).toBe('session.ics');
    expect(invite?.content).toContain(`UID:${session.id}@physicianmentors`);
    const sent = stack.requestLog.list('ses').filter((call) => call.action === 'SendEmail' && call.status === 200);
    expect(sent.length).toBeGreaterThanOrEqual(2);
  });
});

describe('the meeting link', () => {
  it('is a Zoom meeting on the coach account once the coach connected Zoom', async () => {
    const zoomCoach = await publishedCoach(stack.config, { payments: true });
    await zoomConnected(stack, zoomCoach.userId);
    const { session } = await booked(mentee, {
      coachId: zoomCoach.userId,
      start: at(8, 16),
      durationMinutes: 30,
      freeConsultation: true,
    });
    await stack.jobsSettled();
    const view = await sessionAs(mentee, session.id);
    expect(view.meetingUrl).toMatch(/\/_local\/zoom\/j\/\d+$/);
    expect(view.meetingNote).toBeNull();
  });
});

describe('a paid session through the local checkout', () => {
  // Each case leaves unpaid holds behind; a mentee may only have three at once.
  beforeEach(async () => {
    mentee = await signedInUserWithProfile(stack.config, 'mentee');
  });

  it('becomes scheduled when the signed completion event arrives, and a replay changes nothing', async () => {
    const { session, checkoutUrl } = await booked(mentee, {
      coachId: coach.userId,
      start: at(9, 9),
      durationMinutes: 60,
    });
    const event = await payments.settleCheckout(checkoutIdOf(checkoutUrl as string), 'paid');
    expect(event).not.toBeNull();
    const first = await deliver(event as { body: string; signature: string });
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    expect((await sessionAs(mentee, session.id)).status).toBe('scheduled');
    const replay = await deliver(event as { body: string; signature: string });
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect((await sessionAs(coach, session.id)).status).toBe('scheduled');
  });

  it('refuses an event with a bad signature and changes nothing', async () => {
    const { session, checkoutUrl } = await booked(mentee, {
      coachId: coach.userId,
      start: at(9, 12),
      durationMinutes: 30,
    });
    const forged = signStripeEvent(
      {
        id: 'evt_forged',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: checkoutIdOf(checkoutUrl as string),
            payment_status: 'paid',
            metadata: { sessionId: session.id },
          },
        },
      },
      'whsec_not_the_secret',
    );
    expect((await deliver(forged)).status).toBe(400);
    expect((await getSession(session.id))?.status).toBe('pending_payment');
  });

  it('gets Checkout events from the platform endpoint, signed with its secret and not the Connect one', async () => {
    const { checkoutUrl } = await booked(mentee, { coachId: coach.userId, start: at(9, 13), durationMinutes: 30 });
    const event = (await payments.settleCheckout(checkoutIdOf(checkoutUrl as string), 'paid')) as {
      body: string;
      signature: string;
    };
    const verify = (secret: string) => () => verifyStripeEvent(event.body, event.signature, [secret]);
    expect(verify(process.env.LOCAL_STRIPE_WEBHOOK_SECRET as string)()).toMatchObject({ kind: 'checkoutPaid' });
    expect(verify(process.env.LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET as string)).toThrow(/Stripe-Signature/);
    expect((await deliver(event)).status).toBe(200);
  });

  it('is reconciled with the provider on read, before the event arrives', async () => {
    const { session, checkoutUrl } = await booked(mentee, {
      coachId: coach.userId,
      start: at(9, 15),
      durationMinutes: 30,
    });
    await payments.settleCheckout(checkoutIdOf(checkoutUrl as string), 'paid');
    expect((await sessionAs(mentee, session.id)).status).toBe('scheduled');
  });

  it('ignores an expiry event that arrives after the payment', async () => {
    const { session, checkoutUrl } = await booked(mentee, {
      coachId: coach.userId,
      start: at(10, 9),
      durationMinutes: 30,
    });
    const paid = await payments.settleCheckout(checkoutIdOf(checkoutUrl as string), 'paid');
    await deliver(paid as { body: string; signature: string });
    const lateExpiry = signStripeEvent(
      {
        id: `evt_late_${session.id}`,
        type: 'checkout.session.expired',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: checkoutIdOf(checkoutUrl as string), metadata: { sessionId: session.id } } },
      },
      process.env.LOCAL_STRIPE_WEBHOOK_SECRET as string,
    );
    expect((await deliver(lateExpiry)).status).toBe(200);
    expect((await getSession(session.id))?.status).toBe('scheduled');
  });

  it('refunds a payment that arrives after the session expired', async () => {
    const { session, checkoutUrl } = await booked(mentee, {
      coachId: coach.userId,
      start: at(10, 12),
      durationMinutes: 30,
    });
    await expireJob({ sessionId: session.id });
    const checkoutId = checkoutIdOf(checkoutUrl as string);
    // The expiry closed the checkout at the provider; a payment racing it is simulated by its event alone.
    const latePayment = signStripeEvent(
      {
        id: `evt_latepay_${session.id}`,
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: {
          object: {
            id: checkoutId,
            payment_status: 'paid',
            payment_intent: (await payments.findCheckout(checkoutId))?.paymentIntentId,
            amount_total: RATE_CENTS / 2,
            metadata: { sessionId: session.id },
          },
        },
      },
      process.env.LOCAL_STRIPE_WEBHOOK_SECRET as string,
    );
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: standInKeys.stripeCheckout(checkoutId),
        UpdateExpression: 'SET #status = :paid',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':paid': 'paid' },
      }),
    );
    expect((await deliver(latePayment)).status).toBe(200);
    await stack.jobsSettled();
    const stored = await getSession(session.id);
    expect(stored?.status).toBe('cancelled');
    expect(stored?.refundId).toBeTruthy();
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
  });
});

describe('an unpaid session', () => {
  // Each case leaves unpaid holds behind; a mentee may only have three at once.
  beforeEach(async () => {
    mentee = await signedInUserWithProfile(stack.config, 'mentee');
  });

  it('expires by its schedule, releases the time, and closes the checkout', async () => {
    const start = at(11, 9);
    const { session, checkoutUrl } = await booked(mentee, { coachId: coach.userId, start, durationMinutes: 60 });
    expect((await book(mentee, { coachId: coach.userId, start, durationMinutes: 30 })).status).toBe(409);
    await expireJob({ sessionId: session.id });
    const view = await sessionAs(mentee, session.id);
    expect(view).toMatchObject({ status: 'cancelled', cancellationReason: 'Payment session expired' });
    expect((await payments.findCheckout(checkoutIdOf(checkoutUrl as string)))?.status).toBe('expired');
    await booked(mentee, { coachId: coach.userId, start, durationMinutes: 30 });
  });

  it('expires once when the schedule and the provider event race', async () => {
    const { session, checkoutUrl } = await booked(mentee, {
      coachId: coach.userId,
      start: at(11, 14),
      durationMinutes: 30,
    });
    const expired = await payments.settleCheckout(checkoutIdOf(checkoutUrl as string), 'expired');
    const [job, hook] = await Promise.all([
      expireJob({ sessionId: session.id }),
      deliver(expired as { body: string; signature: string }),
    ]);
    expect(hook.status).toBe(200);
    expect(job).toBeDefined();
    expect((await getSession(session.id))?.status).toBe('cancelled');
  });

  it('is cancelled by its payer leaving checkout, and by nobody else', async () => {
    const { session } = await booked(mentee, { coachId: coach.userId, start: at(12, 9), durationMinutes: 30 });
    const abandon = (user: SignedInUser) =>
      fetch(`${stack.apiUrl}/api/sessions/${session.id}/abandon`, { method: 'POST', headers: user.auth });
    const stranger = await signedInUserWithProfile(stack.config, 'mentee');
    expect((await abandon(stranger)).status).toBe(404);
    expect((await abandon(coach)).status).toBe(200);
    expect((await getSession(session.id))?.status).toBe('pending_payment');
    const response = await abandon(mentee);
    expect(sessionView.parse(await response.json())).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Payment cancelled by user',
    });
  });

  it('is the payer’s cancel even when the expiry event its closed checkout causes is applied first', async () => {
    const { session, checkoutUrl } = await booked(mentee, {
      coachId: coach.userId,
      start: at(12, 15),
      durationMinutes: 30,
    });
    // The cancel page's first step, then Stripe's event for the checkout it closes, before the page's own cancel.
    expect(await markPaymentAbandoned(session.id, new Date())).toBe(true);
    const expired = await payments.settleCheckout(checkoutIdOf(checkoutUrl as string), 'expired');
    expect((await deliver(expired as { body: string; signature: string })).status).toBe(200);
    const ended = { status: 'cancelled', cancellationReason: 'Payment cancelled by user', cancelledBy: 'mentee' };
    expect(await getSession(session.id)).toMatchObject(ended);
    const response = await fetch(`${stack.apiUrl}/api/sessions/${session.id}/abandon`, {
      method: 'POST',
      headers: mentee.auth,
    });
    expect(sessionView.parse(await response.json())).toMatchObject(ended);
  });

  it('is not readable by another user', async () => {
    const { session } = await booked(mentee, { coachId: coach.userId, start: at(12, 12), durationMinutes: 30 });
    const stranger = await signedInUserWithProfile(stack.config, 'mentee');
    const response = await fetch(`${stack.apiUrl}/api/sessions/${session.id}`, { headers: stranger.auth });
    expect(response.status).toBe(404);
  });
});
