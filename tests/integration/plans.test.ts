import { readFile } from 'node:fs/promises';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lambdaHandler } from '../../bin/local/lambda-modules';
import { readMailbox } from '../../bin/local/mailbox';
import { armStripeFaults } from '../../bin/local/stripe-faults';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { clockOffsetMs, setClockOffset } from '../../bin/local/clock';
import { signStripeEvent } from '../../functions/adapters/stripe-events';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { ledgerEntriesOfCoach } from '../../functions/data/ledger';
import { getSubscription } from '../../functions/data/subscriptions';
import { owedTransfers } from '../../functions/data/transfers';
import { type HeldItem, moneyHeldMessage } from '../../functions/domain/money-held';
import { planPayoutId } from '../../functions/domain/plans';
import { platformFee, DEFAULT_FEE_RULE, refundSplit } from '../../functions/domain/fees';
import { coachHoldings } from '../../functions/domain/ledger';
import { FINANCE_GROUP } from '../../functions/http/finance';
import { coach as coachSchema } from '../../functions/schemas/coach';
import { earnings, ledgerPage, reconciliation } from '../../functions/schemas/ledger';
import { subscriptionCreated, subscriptionList, type SubscriptionView } from '../../functions/schemas/plans';
import { bookingResult } from '../../functions/schemas/session';
import { at, publishedCoach, setCoachCanReceiveTransfers } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInAgain, signedInUser, signedInUserWithProfile } from '../support/users';

/**
 * Mentorship plans over the local Stripe stand-in: a coach's plan, Checkout in subscription mode,
 * credits granted once per paid invoice, spent by plan bookings and renewed by the stand-in's
 * clock, a declined renewal, cancelling at period end, events out of order, and the ledger.
 */

const PLAN = {
  monthlyPriceCents: 30_000,
  sessionsPerMonth: 2,
  sessionMinutes: 60,
  description: 'Two calls a month on leadership roles, and messages between them.',
  active: true,
};

let stack: TestStack;
let payments: LocalStripe;
let coach: SignedInUser;
let finance: SignedInUser;

beforeAll(async () => {
  stack = await startTestStack();
  payments = localStripeFromEnvironment() as LocalStripe;
  [coach, finance] = await Promise.all([
    publishedCoach(stack.config, { payments: true }),
    signedInUser(stack.config, undefined, [FINANCE_GROUP]),
  ]);
  expect((await call(coach, 'PUT', '/api/me/plan', PLAN)).status).toBe(200);
});

afterEach(() => armStripeFaults({ invoices: 0 }));

afterAll(async () => {
  await stack?.dispose();
});

function call(user: SignedInUser, method: string, path: string, body?: unknown) {
  return fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const deliver = async (event: { body: string; signature: string }) => {
  const response = await fetch(`${stack.apiUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { duplicate: boolean };
};

/** The same Stripe event sent again under a new event id, as a second event about the same fact would be. */
const resentAsNewEvent = (event: { body: string }) => {
  const parsed = JSON.parse(event.body) as { id: string; type: string };
  return signStripeEvent({ ...parsed, id: `${parsed.id}_again` }, process.env.LOCAL_STRIPE_WEBHOOK_SECRET as string);
};

const typeOf = (event: { body: string }) => (JSON.parse(event.body) as { type: string }).type;

async function subscribe(mentee: SignedInUser, planCoach = coach) {
  const response = await call(mentee, 'POST', '/api/subscriptions', { coachId: planCoach.userId });
  expect(response.status, await response.clone().text()).toBe(201);
  const created = subscriptionCreated.parse(await response.json());
  return { ...created, checkoutId: new URL(created.checkoutUrl).searchParams.get('id') as string };
}

/** Subscribed and paid on the stand-in's Checkout page, which delivers Stripe's events to the webhook. */
async function subscribedMentee(planCoach = coach) {
  const mentee = await signedInUserWithProfile(stack.config, 'mentee');
  const { subscription, checkoutId } = await subscribe(mentee, planCoach);
  const paid = await fetch(`${stack.apiUrl}/_local/stripe/checkout/pay`, {
    method: 'POST',
    body: new URLSearchParams({ checkout: checkoutId }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toContain(`/payment-success?subscription_id=${subscription.id}`);
  return { mentee, subscriptionId: subscription.id };
}

async function subscriptionOf(user: SignedInUser, subscriptionId: string): Promise<SubscriptionView> {
  const response = await call(user, 'GET', '/api/me/subscriptions');
  expect(response.status).toBe(200);
  const found = subscriptionList.parse(await response.json()).subscriptions.find((item) => item.id === subscriptionId);
  if (!found) throw new Error(`subscription ${subscriptionId} is not listed`);
  return found;
}

const bookWithPlan = (mentee: SignedInUser, subscriptionId: string, start: string, durationMinutes = 60) =>
  call(mentee, 'POST', '/api/sessions', { coachId: coach.userId, start, durationMinutes, subscriptionId });

const DAY_MINUTES = 24 * 60;

const daysPass = (days: number) => stack.advanceClock(days * DAY_MINUTES);

/** A coach of their own with the plan, so their earnings, ledger and conversations are one test's alone. */
async function planCoach() {
  const own = await publishedCoach(stack.config, { payments: true });
  expect((await call(own, 'PUT', '/api/me/plan', PLAN)).status).toBe(200);
  return own;
}

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

describe("the coach's plan", () => {
  it('is refused out of range, without a payment account, and shown on the coach once saved', async () => {
    for (const bad of [
      { sessionsPerMonth: 5 },
      { sessionsPerMonth: 0 },
      { sessionMinutes: 45 },
      { monthlyPriceCents: 12_550 },
      { description: 'x'.repeat(501) },
    ]) {
      const response = await call(coach, 'PUT', '/api/me/plan', { ...PLAN, ...bad });
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    const unpaidCoach = await publishedCoach(stack.config, { payments: false });
    const refused = await call(unpaidCoach, 'PUT', '/api/me/plan', PLAN);
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('SETUP_INCOMPLETE');

    const shown = coachSchema.parse(await (await fetch(`${stack.apiUrl}/api/coaches/${coach.userId}`)).json());
    expect(shown.plan).toEqual({
      monthlyPriceCents: PLAN.monthlyPriceCents,
      sessionsPerMonth: PLAN.sessionsPerMonth,
      sessionMinutes: PLAN.sessionMinutes,
      description: PLAN.description,
    });
  });

  it('and a Calendly booking link exclude each other, whichever the coach turns on first', async () => {
    const withPlan = await planCoach();
    const rates = { hourlyRateCents: 20_000, offersFreeConsult: false };
    const link = { ...rates, calendlyUrl: 'https://calendly.com/plan-coach/60min' };
    const refusedLink = await call(withPlan, 'PUT', '/api/me/rates', link);
    expect(refusedLink.status).toBe(409);
    expect(await errorCode(refusedLink)).toBe('PLAN_CALENDLY_CONFLICT');
    expect((await call(withPlan, 'PUT', '/api/me/rates', rates)).status).toBe(200);

    expect((await call(withPlan, 'PUT', '/api/me/plan', { ...PLAN, active: false })).status).toBe(200);
    expect((await call(withPlan, 'PUT', '/api/me/rates', link)).status).toBe(200);
    const refusedPlan = await call(withPlan, 'PUT', '/api/me/plan', PLAN);
    expect(refusedPlan.status).toBe(409);
    expect(await errorCode(refusedPlan)).toBe('PLAN_CALENDLY_CONFLICT');
    const shown = coachSchema.parse(await (await fetch(`${stack.apiUrl}/api/coaches/${withPlan.userId}`)).json());
    expect(shown.plan).toBeUndefined();
    expect(shown.calendlyUrl).toBe(link.calendlyUrl);

    expect((await call(withPlan, 'PUT', '/api/me/rates', { ...rates, calendlyUrl: '' })).status).toBe(200);
    expect((await call(withPlan, 'PUT', '/api/me/plan', PLAN)).status).toBe(200);
  });

  it('cannot be subscribed to by its own coach, nor where a coach offers none', async () => {
    expect((await call(coach, 'POST', '/api/subscriptions', { coachId: coach.userId })).status).toBe(403);
    const planless = await publishedCoach(stack.config, { payments: true });
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    expect((await call(mentee, 'POST', '/api/subscriptions', { coachId: planless.userId })).status).toBe(403);
  });
});

describe('a subscription', () => {
  it('is active once paid, with the month’s credits granted once however often the invoice is told', async () => {
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const { subscription, checkoutId, checkoutUrl } = await subscribe(mentee);
    expect(subscription).toMatchObject({ status: 'incomplete', creditsLeft: 0, cancelAtPeriodEnd: false });
    // Left unpaid, the Checkout holds the pair: subscribing again goes back to it, and makes no second one.
    const resumed = await call(mentee, 'POST', '/api/subscriptions', { coachId: coach.userId });
    expect(resumed.status).toBe(200);
    expect(subscriptionCreated.parse(await resumed.json())).toEqual({ subscription, checkoutUrl });

    const events = await payments.paySubscriptionCheckout(checkoutId);
    expect(events.map(typeOf)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    for (const event of events) await deliver(event);
    const again = await call(mentee, 'POST', '/api/subscriptions', { coachId: coach.userId });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('ALREADY_SUBSCRIBED');
    const invoicePaid = events[1] as { body: string; signature: string };
    expect(await deliver(invoicePaid)).toEqual({ received: true, duplicate: true });
    expect((await deliver(resentAsNewEvent(invoicePaid))).duplicate).toBe(false);

    const asMentee = await subscriptionOf(mentee, subscription.id);
    expect(asMentee).toMatchObject({
      status: 'active',
      creditsLeft: 2,
      viewerRole: 'mentee',
      cancelAtPeriodEnd: false,
    });
    expect(Date.parse(asMentee.currentPeriodEnd as string)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const asCoach = await subscriptionOf(coach, subscription.id);
    expect(asCoach).toMatchObject({ status: 'active', viewerRole: 'coach', otherParty: { userId: mentee.userId } });
    // Another user sees nothing of it.
    const outsider = await signedInUserWithProfile(stack.config, 'mentee');
    expect((await call(outsider, 'POST', `/api/subscriptions/${subscription.id}/cancel`)).status).toBe(404);
  });

  it('books two sessions without Checkout, refuses a third with NO_CREDITS, and gives a credit back on cancel', async () => {
    const { mentee, subscriptionId } = await subscribedMentee();
    const wrongLength = await bookWithPlan(mentee, subscriptionId, at(3, 9), 30);
    expect(wrongLength.status).toBe(400);

    const booked = await Promise.all([at(3, 9), at(3, 11)].map((start) => bookWithPlan(mentee, subscriptionId, start)));
    const sessions = [];
    for (const response of booked) {
      expect(response.status, await response.clone().text()).toBe(201);
      const result = bookingResult.parse(await response.json());
      expect(result.checkoutUrl).toBeUndefined();
      expect(result.session).toMatchObject({ status: 'confirmed', priceCents: 0, paidBy: 'plan' });
      sessions.push(result.session);
    }
    expect((await subscriptionOf(mentee, subscriptionId)).creditsLeft).toBe(0);
    await stack.jobsSettled();
    const confirmations = (await readMailbox(stack.mailboxFile)).filter(
      (mail) => mail.to === mentee.email && mail.subject.startsWith('Session confirmed'),
    );
    expect(confirmations).toHaveLength(2);
    for (const mail of confirmations) {
      expect(mail.text).toContain('Price: Included in your plan');
      expect(mail.text).not.toContain('$0');
    }
    const third = await bookWithPlan(mentee, subscriptionId, at(4, 9));
    expect(third.status).toBe(409);
    expect(await errorCode(third)).toBe('NO_CREDITS');

    const coachDashboard = await (await call(coach, 'GET', '/api/me/sessions')).json();
    expect(JSON.stringify(coachDashboard)).toContain(sessions[0]?.id);

    const cancelled = await call(mentee, 'POST', `/api/sessions/${sessions[0]?.id}/cancel`, { reason: 'Conflict' });
    expect(cancelled.status).toBe(200);
    expect((await subscriptionOf(mentee, subscriptionId)).creditsLeft).toBe(1);
  });

  it('spends each credit once when bookings race for the last one', async () => {
    const { mentee, subscriptionId } = await subscribedMentee();
    const starts = [at(5, 8), at(5, 10), at(5, 12), at(5, 14)];
    const answers = await Promise.all(starts.map((start) => bookWithPlan(mentee, subscriptionId, start)));
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409]);
    expect((await subscriptionOf(mentee, subscriptionId)).creditsLeft).toBe(0);
  });
});

describe("the stand-in's clock", () => {
  it('renews: a fresh set of credits, the unused ones dropped; a declined renewal makes it past due', async () => {
    const { mentee, subscriptionId } = await subscribedMentee();
    const before = await subscriptionOf(mentee, subscriptionId);
    const booked = await bookWithPlan(mentee, subscriptionId, at(6, 9));
    expect(booked.status).toBe(201);
    expect((await subscriptionOf(mentee, subscriptionId)).creditsLeft).toBe(1);

    await daysPass(31);
    const renewed = await subscriptionOf(mentee, subscriptionId);
    expect(renewed).toMatchObject({ status: 'active', creditsLeft: 2 });
    expect(renewed.currentPeriodEnd! > before.currentPeriodEnd!).toBe(true);

    // Every renewal now due is declined (the earlier tests' plans renew too).
    armStripeFaults({ invoices: 1000 });
    await daysPass(31);
    expect((await subscriptionOf(mentee, subscriptionId)).status).toBe('past_due');
    const refused = await bookWithPlan(mentee, subscriptionId, at(7, 9));
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('SUBSCRIPTION_PAST_DUE');
    const mails = (await readFile(stack.mailboxFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const failedMail = mails.find(
      (mail: { to: string; subject: string }) =>
        mail.to === mentee.email && mail.subject === 'Your mentorship plan payment failed',
    );
    expect(failedMail?.text).toContain('/_local/stripe/invoice?id=in_local_');
  });

  it('ends a plan cancelled at period end then, keeping its credits until that day, and frees the pair', async () => {
    const { mentee, subscriptionId } = await subscribedMentee();
    const cancelled = await call(mentee, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true, status: 'active', creditsLeft: 2 });
    expect(await subscriptionOf(coach, subscriptionId)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });

    await daysPass(62);
    expect(await subscriptionOf(mentee, subscriptionId)).toMatchObject({ status: 'canceled', creditsLeft: 0 });
    expect((await bookWithPlan(mentee, subscriptionId, at(8, 9))).status).toBe(409);
    expect((await call(mentee, 'POST', '/api/subscriptions', { coachId: coach.userId })).status).toBe(201);
  });
});

describe('the coach', () => {
  it('ends a plan at period end, and the mentee is told', async () => {
    const { mentee, subscriptionId } = await subscribedMentee();
    const ended = await call(coach, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ viewerRole: 'coach', cancelAtPeriodEnd: true, status: 'active' });
    const mails = (await readFile(stack.mailboxFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(
      mails.some(
        (mail: { to: string; subject: string }) =>
          mail.to === mentee.email && mail.subject === 'Your mentorship plan will end',
      ),
    ).toBe(true);
  });
});

describe('events in any order', () => {
  it('ends up where Stripe is: paid before the checkout is told, and an old update after the deletion changes nothing', async () => {
    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    const { subscription, checkoutId } = await subscribe(mentee);
    const events = await payments.paySubscriptionCheckout(checkoutId);
    for (const event of [...events].reverse()) await deliver(event);
    expect(await subscriptionOf(mentee, subscription.id)).toMatchObject({ status: 'active', creditsLeft: 2 });

    const created = events[0] as { body: string; signature: string };
    const cancelled = await call(mentee, 'POST', `/api/subscriptions/${subscription.id}/cancel`);
    expect(cancelled.status).toBe(200);
    await daysPass(62);
    expect((await subscriptionOf(mentee, subscription.id)).status).toBe('canceled');
    // Stripe's older word (active, not cancelling) arrives last.
    await deliver(resentAsNewEvent(created));
    expect(await subscriptionOf(mentee, subscription.id)).toMatchObject({ status: 'canceled' });
  });
});

describe('the ledger', () => {
  it('has each paid invoice once as a plan payment, with its fee, in the page totals and the CSV', async () => {
    const { subscriptionId } = await subscribedMentee();
    // The day of the stand-in's clock, which earlier tests moved on: the invoice is booked then.
    const day = new Date().toISOString().slice(0, 10);
    const response = await call(finance, 'GET', `/api/finance/ledger?from=${day}&to=${day}&coachId=${coach.userId}`);
    expect(response.status).toBe(200);
    const page = ledgerPage.parse(await response.json());
    const ofPlan = page.entries.filter((entry) => entry.sessionId === subscriptionId);
    const fee = platformFee(PLAN.monthlyPriceCents, DEFAULT_FEE_RULE);
    expect(
      ofPlan.map((entry) => [entry.kind, entry.grossCents, entry.platformFeeCents, entry.netToCoachCents]),
    ).toEqual([
      ['subscription_payment', PLAN.monthlyPriceCents, fee, PLAN.monthlyPriceCents - fee],
      ['processing_fee', 0, 0, 0],
    ]);
    const payments = page.entries.filter((entry) => entry.kind === 'subscription_payment');
    expect(page.totals[0]?.grossCents).toBe(payments.reduce((sum, entry) => sum + entry.grossCents, 0));

    const csv = await call(finance, 'GET', `/api/finance/ledger.csv?from=${day}&to=${day}`);
    expect(csv.status).toBe(200);
    const rows = (await csv.text()).trim().split('\n');
    const planRows = rows.filter((row) => row.includes(subscriptionId));
    expect(planRows).toHaveLength(2);
    expect(planRows[0]).toContain('subscription_payment');
    expect(planRows[0]).toContain((PLAN.monthlyPriceCents / 100).toFixed(2));
  });
});

describe("the coach's payout of a plan", () => {
  const FEE = platformFee(PLAN.monthlyPriceCents, DEFAULT_FEE_RULE);
  const NET = PLAN.monthlyPriceCents - FEE;
  const PROCESSING_FEE = Math.round(PLAN.monthlyPriceCents * 0.029) + 30;
  const completeJob = async (id: string) =>
    ((await lambdaHandler('completeSession')) as (event: unknown) => Promise<unknown>)({ sessionId: id });

  const invoiceOf = async (subscriptionId: string) =>
    (await getSubscription(subscriptionId))?.credits?.invoiceId as string;

  async function earningsOf(user: SignedInUser) {
    const response = await call(user, 'GET', '/api/me/earnings');
    expect(response.status).toBe(200);
    return earnings.parse(await response.json());
  }

  /**
   * Stripe Billing's month passing, its renewals' events kept to be sent again: the clock moved by
   * hand, the renewals billed and delivered, then the clock's jobs that fell due run.
   */
  async function monthPasses() {
    setClockOffset(clockOffsetMs() + 31 * DAY_MINUTES * 60_000);
    const events = await payments.billDueRenewals();
    for (const event of events) await deliver(event);
    await stack.advanceClock(1);
    return events;
  }

  it('is held until the month ends, then transferred once, however often its events and the job come', async () => {
    const own = await planCoach();
    const { subscriptionId } = await subscribedMentee(own);
    const payoutId = planPayoutId(await invoiceOf(subscriptionId));
    await stack.jobsSettled();
    // The table's stream scheduled it for the month's end, on the completion job.
    expect(stack.pendingSchedules()).toContainEqual(
      expect.objectContaining({ job: 'completeSession', sessionId: payoutId }),
    );
    await completeJob(payoutId);
    expect(await payments.findTransfer(payoutId)).toBeNull();
    expect(await earningsOf(own)).toMatchObject({ heldCents: NET, transferredCents: 0 });

    const renewal = await monthPasses();
    const transfer = await payments.findTransfer(payoutId);
    expect(transfer).toMatchObject({ amountCents: NET, sourceChargeId: expect.stringMatching(/^ch_/) });
    for (const event of renewal) await deliver(resentAsNewEvent(event));
    await stack.jobsSettled();
    await completeJob(payoutId);
    await completeJob(payoutId);

    const transfers = (await ledgerEntriesOfCoach(own.userId)).filter((entry) => entry.kind === 'transfer');
    expect(transfers).toEqual([
      expect.objectContaining({
        id: `transfer:${payoutId}`,
        sessionId: subscriptionId,
        transferredCents: NET,
        stripe: expect.objectContaining({ transferId: transfer?.transferId }),
      }),
    ]);
    // The renewal's month is held now, the first one transferred.
    expect(await earningsOf(own)).toMatchObject({ heldCents: NET, transferredCents: NET });
  });

  it('is tried again under a new idempotency key after Stripe refuses it, since Stripe answers a refused key again', async () => {
    const own = await planCoach();
    const { subscriptionId } = await subscribedMentee(own);
    const payoutId = planPayoutId(await invoiceOf(subscriptionId));
    await setCoachCanReceiveTransfers(own.userId, false);
    await monthPasses();
    expect(await payments.findTransfer(payoutId)).toBeNull();
    expect(await owedTransfers()).toContainEqual(
      expect.objectContaining({ sessionId: payoutId, reason: expect.stringContaining('capabilities') }),
    );

    await setCoachCanReceiveTransfers(own.userId, true);
    await completeJob(payoutId);
    expect(await payments.findTransfer(payoutId)).toMatchObject({ amountCents: NET });
    const tries = stack
      .stripeRequests()
      .filter((request) => request.endpoint === 'POST /v1/transfers' && request.params.transfer_group === payoutId);
    // The month's end starts the payout twice at once (its schedule and the renewal's event): the
    // twin try shares the key, and Stripe answers it again or refuses it while the first runs (409).
    // Each try Stripe executed, refused while the coach could not receive it, had a key of its own.
    const executed = tries.filter((request) => !request.replayed && request.status !== 409);
    expect(executed[0]).toMatchObject({ idempotencyKey: `transfer-${payoutId}`, status: 400 });
    expect(executed.slice(0, -1).every((request) => request.status === 400)).toBe(true);
    expect(executed.at(-1)).toMatchObject({
      idempotencyKey: expect.stringMatching(new RegExp(`^transfer-${payoutId}-\\d+$`)),
      status: 200,
    });
    expect(new Set(executed.map((request) => request.idempotencyKey)).size).toBe(executed.length);
    expect((await owedTransfers()).map((owed) => owed.sessionId)).not.toContain(payoutId);
  });

  it('is lowered by a partial refund of the invoice, the rest transferred once when the month ends, nothing left held', async () => {
    const own = await planCoach();
    const { subscriptionId } = await subscribedMentee(own);
    const invoiceId = await invoiceOf(subscriptionId);
    const payoutId = planPayoutId(invoiceId);
    // A third of the month and a cent: the fee's part (1000.1¢) rounds, so the coach's part is 9001¢.
    const REFUND = PLAN.monthlyPriceCents / 3 + 1;
    const refundEvent = await payments.refundInvoice(invoiceId, REFUND);
    await deliver(refundEvent);
    await deliver(refundEvent);
    await deliver(resentAsNewEvent(refundEvent));

    await monthPasses();
    await completeJob(payoutId);
    await completeJob(payoutId);
    const LEFT = NET - refundSplit({ grossCents: PLAN.monthlyPriceCents, platformFeeCents: FEE }, REFUND).coachCents;
    expect(LEFT).toBe(17_999);
    expect(await payments.findTransfer(payoutId)).toMatchObject({ amountCents: LEFT });
    expect((await owedTransfers()).map((owed) => owed.sessionId)).not.toContain(payoutId);

    const entries = await ledgerEntriesOfCoach(own.userId);
    const paymentIntentId = entries.find((entry) => entry.stripe.invoiceId === invoiceId)?.stripe.paymentIntentId;
    const ofMonth = entries.filter((entry) => entry.stripe.paymentIntentId === paymentIntentId);
    const amounts = Object.fromEntries(
      ofMonth.map((entry) => [
        entry.kind,
        [entry.grossCents, entry.refundCents, entry.platformFeeCents, entry.netToCoachCents, entry.transferredCents],
      ]),
    );
    expect(amounts).toEqual({
      subscription_payment: [PLAN.monthlyPriceCents, 0, FEE, NET, 0],
      processing_fee: [0, 0, 0, 0, 0],
      subscription_refund: [0, REFUND, -1_000, -9_001, 0],
      transfer: [0, 0, 0, 0, LEFT],
    });
    const net = ofMonth.reduce((sum, entry) => sum + entry.netToCoachCents, 0);
    expect(net - LEFT).toBe(0);
    expect(coachHoldings(ofMonth)).toEqual({ heldCents: 0, transferredCents: LEFT });
    // Only the renewal's month is held now.
    expect(await earningsOf(own)).toMatchObject({ heldCents: NET, transferredCents: LEFT });
  });

  it('is owed while the coach cannot take it, owed less after a partial refund, and the rest paid', async () => {
    const own = await planCoach();
    const { subscriptionId } = await subscribedMentee(own);
    const invoiceId = await invoiceOf(subscriptionId);
    const payoutId = planPayoutId(invoiceId);
    await setCoachCanReceiveTransfers(own.userId, false);
    await monthPasses();
    expect(await owedTransfers()).toContainEqual(expect.objectContaining({ sessionId: payoutId, amountCents: NET }));

    const REFUND = 6_000;
    await deliver(await payments.refundInvoice(invoiceId, REFUND));
    const LEFT = NET - refundSplit({ grossCents: PLAN.monthlyPriceCents, platformFeeCents: FEE }, REFUND).coachCents;
    expect(await owedTransfers()).toContainEqual(expect.objectContaining({ sessionId: payoutId, amountCents: LEFT }));

    await setCoachCanReceiveTransfers(own.userId, true);
    await completeJob(payoutId);
    expect(await payments.findTransfer(payoutId)).toMatchObject({ amountCents: LEFT });
    expect((await owedTransfers()).map((owed) => owed.sessionId)).not.toContain(payoutId);
  });

  it('is not made for a refunded invoice; the month’s ledger, CSV, earnings and reconciliation add up', async () => {
    const own = await planCoach();
    const kept = await subscribedMentee(own);
    const refunded = await subscribedMentee(own);
    const refundedPayout = planPayoutId(await invoiceOf(refunded.subscriptionId));
    const keptPayout = planPayoutId(await invoiceOf(kept.subscriptionId));
    const refundEvent = await payments.refundInvoice(await invoiceOf(refunded.subscriptionId));
    await deliver(refundEvent);
    await deliver(refundEvent);
    const from = new Date().toISOString().slice(0, 10);

    await monthPasses();
    await completeJob(refundedPayout);
    expect(await payments.findTransfer(refundedPayout)).toBeNull();
    expect((await owedTransfers()).map((owed) => owed.sessionId)).not.toContain(refundedPayout);
    expect(await payments.findTransfer(keptPayout)).toMatchObject({ amountCents: NET });

    const to = new Date().toISOString().slice(0, 10);
    const response = await call(finance, 'GET', `/api/finance/ledger?from=${from}&to=${to}&coachId=${own.userId}`);
    expect(response.status).toBe(200);
    const page = ledgerPage.parse(await response.json());
    const kinds = page.entries.map((entry) => entry.kind).sort();
    expect(kinds).toEqual([
      ...Array(4).fill('processing_fee'),
      ...Array(4).fill('subscription_payment'),
      'subscription_refund',
      'transfer',
    ]);
    expect(page.totals).toEqual([
      expect.objectContaining({
        paidInvoices: 4,
        grossCents: 4 * PLAN.monthlyPriceCents,
        refundCents: PLAN.monthlyPriceCents,
        platformFeeCents: 3 * FEE,
        netToCoachCents: 3 * NET,
        transfersCents: NET,
        processingFeeCents: 4 * PROCESSING_FEE,
        platformNetCents: 3 * FEE - 4 * PROCESSING_FEE,
      }),
    ]);
    expect(await earningsOf(own)).toMatchObject({ heldCents: 2 * NET, transferredCents: NET });

    const csv = await call(finance, 'GET', `/api/finance/ledger.csv?from=${from}&to=${to}`);
    expect(csv.status).toBe(200);
    const [header = '', ...rows] = (await csv.text()).trim().split('\r\n');
    const columns = header.split(',');
    const ownRows = rows
      .map((row) => row.split(','))
      .filter((cells) => cells[columns.indexOf('coach_id')] === own.userId);
    const sum = (column: string) =>
      Math.round(ownRows.reduce((total, cells) => total + Number(cells[columns.indexOf(column)]) * 100, 0));
    expect(ownRows).toHaveLength(page.entries.length);
    expect([sum('gross'), sum('refund'), sum('platform_fee'), sum('transferred'), sum('processing_fee')]).toEqual([
      4 * PLAN.monthlyPriceCents,
      PLAN.monthlyPriceCents,
      3 * FEE,
      NET,
      4 * PROCESSING_FEE,
    ]);

    // Each day's reconciliation finds every plan charge, refund and transfer on Stripe's side too.
    const charges = new Set(page.entries.map((entry) => entry.stripe.chargeId));
    const days = [...new Set(page.entries.map((entry) => entry.at.slice(0, 10)))];
    const reconcile = (await lambdaHandler('reconcileLedger')) as (event: unknown) => Promise<unknown>;
    for (const day of days) {
      const result = reconciliation.parse(await reconcile({ day }));
      expect(result.mismatches.filter((mismatch) => charges.has(mismatch.source))).toEqual([]);
    }
  });
});

describe("a plan coach's account", () => {
  const NET = PLAN.monthlyPriceCents - platformFee(PLAN.monthlyPriceCents, DEFAULT_FEE_RULE);
  const deleteMe = (user: SignedInUser) => call(user, 'DELETE', '/api/me');

  it('cannot be deleted while a plan month runs and its payout is held (409 MONEY_HELD), and can once the ended plan paid out', async () => {
    const own = await planCoach();
    const { mentee, subscriptionId } = await subscribedMentee(own);
    const periodEnd = (await subscriptionOf(mentee, subscriptionId)).currentPeriodEnd as string;
    const payoutId = planPayoutId((await getSubscription(subscriptionId))?.credits?.invoiceId as string);

    const renewing = await deleteMe(own);
    expect(renewing.status).toBe(409);
    const details = [
      { kind: 'plan_months', count: 1, until: periodEnd, renews: true },
      { kind: 'transfer', amountCents: NET, until: periodEnd },
    ];
    expect(await renewing.json()).toEqual({
      error: { code: 'MONEY_HELD', message: moneyHeldMessage(details as HeldItem[], 'UTC'), details },
    });
    expect((await subscriptionOf(mentee, subscriptionId)).status).toBe('active');

    // The mentee ends it: it runs, with its credits, until the month ends.
    expect((await call(mentee, 'POST', `/api/subscriptions/${subscriptionId}/cancel`)).status).toBe(200);
    const ending = await deleteMe(own);
    expect(ending.status).toBe(409);
    expect((await ending.json()).error.details).toEqual([
      { kind: 'plan_months', count: 1, until: periodEnd, renews: false },
      { kind: 'transfer', amountCents: NET, until: periodEnd },
    ]);

    // The month ends: the plan is over and the coach's share of it transferred. Deleting needs a fresh sign-in.
    await daysPass(31);
    expect(await getSubscription(subscriptionId)).toMatchObject({ status: 'canceled' });
    expect(await payments.findTransfer(payoutId)).toMatchObject({ amountCents: NET });
    expect((await deleteMe(await signedInAgain(stack.config, own))).status).toBe(204);
  });
});

describe('a plan the coach ends', () => {
  it("refunds the month's unused sessions pro rata at once, through Stripe, into the ledger, and tells the mentee", async () => {
    const own = await planCoach();
    const { mentee, subscriptionId } = await subscribedMentee(own);
    const invoiceId = (await getSubscription(subscriptionId))?.credits?.invoiceId as string;
    // One of the month's two sessions was held.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.subscription(subscriptionId),
        UpdateExpression: 'SET credits.used = :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    const halfTheMonth = PLAN.monthlyPriceCents / 2;

    const ended = await call(own, 'POST', `/api/subscriptions/${subscriptionId}/cancel`);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ cancelAtPeriodEnd: true, status: 'active', creditsLeft: 0 });
    expect((await call(own, 'POST', `/api/subscriptions/${subscriptionId}/cancel`)).status).toBe(200);
    await stack.jobsSettled();

    const refunds = stack
      .stripeRequests()
      .filter((request) => request.endpoint === 'POST /v1/refunds' && request.idempotencyKey?.includes(invoiceId));
    expect(
      refunds.map(({ idempotencyKey, params, status }) => ({ idempotencyKey, amount: params.amount, status })),
    ).toEqual([{ idempotencyKey: `refund-credits-${invoiceId}`, amount: String(halfTheMonth), status: 200 }]);
    expect(await getSubscription(subscriptionId)).toMatchObject({
      creditRefund: { invoiceId, credits: 1, amountCents: halfTheMonth, refundId: expect.stringMatching(/^re_/) },
    });
    expect(await subscriptionOf(mentee, subscriptionId)).toMatchObject({ creditsLeft: 0 });
    const planBooking = { coachId: own.userId, start: at(8, 9), durationMinutes: 60, subscriptionId };
    expect(await errorCode(await call(mentee, 'POST', '/api/sessions', planBooking))).toBe('NO_CREDITS');
    expect((await ledgerEntriesOfCoach(own.userId)).filter((entry) => entry.kind === 'subscription_refund')).toEqual([
      expect.objectContaining({ sessionId: subscriptionId, refundCents: halfTheMonth }),
    ]);
    const mails = (await readFile(stack.mailboxFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === mentee.email && mail.subject === 'Your mentorship plan will end');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('The session you had left this month is refunded: $150.00 to your card.');

    // What still holds the coach's account: the month, no longer renewing.
    const refused = await call(own, 'DELETE', '/api/me');
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.details).toContainEqual(
      expect.objectContaining({ kind: 'plan_months', count: 1, renews: false }),
    );
  });
});

describe('a paid plan', () => {
  it('opens the conversation between the pair; an unpaid one does not', async () => {
    const own = await planCoach();
    const { mentee } = await subscribedMentee(own);
    const sent = await call(mentee, 'POST', '/api/messages', { to: own.userId, body: 'Hello, glad to start.' });
    expect(sent.status, await sent.clone().text()).toBe(201);

    const unpaid = await signedInUserWithProfile(stack.config, 'mentee');
    await subscribe(unpaid, own);
    const refused = await call(unpaid, 'POST', '/api/messages', { to: own.userId, body: 'Hello' });
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('NO_RELATIONSHIP');
  });
});

describe("a party's data export", () => {
  it('holds their plans either side: the plan, its credits and its money, the fee and share for the coach alone', async () => {
    const own = await planCoach();
    const { mentee, subscriptionId } = await subscribedMentee(own);
    await stack.jobsSettled();
    const exported = async (user: SignedInUser) => {
      const response = await call(user, 'GET', '/api/me/export');
      expect(response.status).toBe(200);
      return (await response.json()).plans as Record<string, unknown>[];
    };
    const [asMentee] = await exported(mentee);
    expect(asMentee).toMatchObject({
      id: subscriptionId,
      viewerRole: 'mentee',
      status: 'active',
      creditsLeft: 2,
      credits: expect.objectContaining({ periodEnd: expect.any(String) }),
      money: [expect.objectContaining({ kind: 'subscription_payment', grossCents: PLAN.monthlyPriceCents })],
    });
    expect(asMentee?.money).toEqual([expect.not.objectContaining({ platformFeeCents: expect.anything() })]);
    const [asCoach] = await exported(own);
    expect(asCoach).toMatchObject({ id: subscriptionId, viewerRole: 'coach' });
    expect(asCoach?.money).toEqual([
      expect.objectContaining({
        kind: 'subscription_payment',
        grossCents: PLAN.monthlyPriceCents,
        platformFeeCents: expect.any(Number),
        netToCoachCents: expect.any(Number),
      }),
    ]);
  });
});
