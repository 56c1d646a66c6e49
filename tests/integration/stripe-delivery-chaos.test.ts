import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaHandler } from '../../bin/local/lambda-modules';
import { deliverToWebhook } from '../../bin/local/stripe-event-delivery';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { ledgerEntriesOfCoach } from '../../functions/data/ledger';
import { ledgerTotals } from '../../functions/domain/ledger';
import type { LedgerEntry } from '../../functions/schemas/ledger';
import { subscriptionCreated } from '../../functions/schemas/plans';
import { sessionView } from '../../functions/schemas/session';
import { pastItsOutcomeWindow } from '../support/bookings';
import { at, publishedCoach } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { bookSession } from '../support/paid-sessions';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

/**
 * The whole money journey (a paid booking cancelled and refunded, one delivered and transferred,
 * one disputed and won, then delivered, a plan subscribed to and renewed) once with Stripe's events
 * delivered in order, once delivered as Stripe may (each at least twice, shuffled, concurrently,
 * failed deliveries retried on the stand-in's clock): the finance ledger must come out the same, to the cent.
 */

/** Replays a chaos run: STRIPE_CHAOS_SEED=N npx vitest run tests/integration/stripe-delivery-chaos.test.ts */
const CHAOS_SEED = Number(process.env.STRIPE_CHAOS_SEED ?? 38);

const PLAN = {
  monthlyPriceCents: 30_000,
  sessionsPerMonth: 2,
  sessionMinutes: 60,
  description: 'Two calls a month, and the ledger to show for them.',
  active: true,
};

let stack: TestStack;
let payments: LocalStripe;

beforeAll(async () => {
  stack = await startTestStack();
  payments = localStripeFromEnvironment() as LocalStripe;
});

afterAll(async () => {
  await stack?.dispose();
});

async function call(user: SignedInUser | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...(user?.auth ?? {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(400);
  return response;
}

interface PendingDelivery {
  event: string;
  nextAttemptAt?: string;
}

const deliveryControl = async (body?: unknown) =>
  (await (await call(null, body ? 'POST' : 'GET', '/_local/stripe/delivery', body)).json()) as {
    mode: string;
    seed?: number;
    pending: PendingDelivery[];
  };

/** More than a journey's failed deliveries ever need: a loop past it is a delivery that never succeeds. */
const MOST_RETRY_ROUNDS = 12;

/**
 * Waits for the stack, then moves the clock to each webhook retry Stripe would make and
 * waits again, until no delivery is left: what Stripe's three days of retries come to.
 */
async function settled() {
  await stack.jobsSettled();
  for (let round = 0; round < MOST_RETRY_ROUNDS; round++) {
    const { pending } = await deliveryControl();
    if (pending.length === 0) return;
    const next = Math.min(...pending.map((delivery) => Date.parse(delivery.nextAttemptAt as string)));
    await stack.advanceClock(Math.max(1, Math.ceil((next - Date.now()) / 60_000)));
  }
  throw new Error(`deliveries still failing: ${JSON.stringify((await deliveryControl()).pending)}`);
}

/** **Pay** on the stand-in's Checkout page, which hands Stripe's events to the delivery. */
async function payAtCheckout(checkoutId: string) {
  const paid = await fetch(`${stack.apiUrl}/_local/stripe/checkout/pay`, {
    method: 'POST',
    body: new URLSearchParams({ checkout: checkoutId }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  await settled();
}

async function paidAtCheckout(mentee: SignedInUser, coach: SignedInUser, start: string) {
  const { session, checkoutId } = await bookSession(stack, { mentee, coach, start });
  await payAtCheckout(checkoutId);
  return { sessionId: session.id, checkoutId };
}

/** Completed past its outcome window, nobody having reported otherwise: delivered, and its coach paid. */
async function completed(sessionId: string) {
  await pastItsOutcomeWindow(sessionId);
  await ((await lambdaHandler('completeSession')) as (event: unknown) => Promise<unknown>)({ sessionId });
  await settled();
}

/** What each entry moved, without the ids and times that differ between two runs. */
const movements = (entries: LedgerEntry[]) =>
  entries
    .map((entry) =>
      [
        entry.kind,
        entry.grossCents,
        entry.platformFeeCents,
        entry.refundCents,
        entry.disputedCents,
        entry.netToCoachCents,
        entry.transferredCents,
        entry.processingFeeCents,
      ].join(' '),
    )
    .sort();

/** One coach's whole journey, as a mentee and Stripe take it; answers the coach's ledger. */
async function moneyJourney(day: number) {
  const coach = await publishedCoach(stack.config, { payments: true });
  await call(coach, 'PUT', '/api/me/plan', PLAN);
  const mentee = await signedInUserWithProfile(stack.config, 'mentee');

  const cancelled = await paidAtCheckout(mentee, coach, at(day, 9));
  await call(mentee, 'POST', `/api/sessions/${cancelled.sessionId}/cancel`, { reason: 'On call' });
  await settled();
  const view = sessionView.parse(await (await call(mentee, 'GET', `/api/sessions/${cancelled.sessionId}`)).json());
  expect(view.refund?.status).toBe('succeeded');

  const delivered = await paidAtCheckout(mentee, coach, at(day, 11));
  await completed(delivered.sessionId);

  // The bank's dispute, and Stripe's decision on it, told in one burst.
  const disputed = await paidAtCheckout(mentee, coach, at(day, 13));
  await deliverToWebhook([
    await payments.openDispute(disputed.checkoutId),
    await payments.closeDispute(disputed.checkoutId, 'won'),
  ]);
  await settled();
  await completed(disputed.sessionId);

  const subscribed = subscriptionCreated.parse(
    await (await call(mentee, 'POST', '/api/subscriptions', { coachId: coach.userId })).json(),
  );
  await payAtCheckout(new URL(subscribed.checkoutUrl).searchParams.get('id') as string);
  // The month ends: Stripe renews the plan, and the month it ended is paid out to the coach.
  await stack.advanceClock(31 * 24 * 60);
  await settled();

  return ledgerEntriesOfCoach(coach.userId);
}

/** Three paid sessions (refunded; transferred; disputed, its fee booked, won and transferred), two plan invoices and the month paid out. */
const JOURNEY_KINDS = [
  'payment processing_fee refund',
  'payment processing_fee transfer',
  'payment processing_fee dispute_opened dispute_fee dispute_closed transfer',
  'subscription_payment processing_fee subscription_payment processing_fee transfer',
]
  .join(' ')
  .split(' ')
  .sort();

describe('the money journey', () => {
  it('ends with the same ledger, to the cent, whether Stripe delivers in order or as it may', {
    // A month passes on the clock, each of its daily jobs run in turn (bin/local/clock.ts).
    timeout: 150_000,
  }, async () => {
    await fetch(`${stack.apiUrl}/_local/logs?provider=stripe`, { method: 'DELETE' });
    const inOrder = await moneyJourney(2);
    expect(movements(inOrder).map((row) => row.split(' ')[0])).toEqual(JOURNEY_KINDS);
    // What the product's adapter asked Stripe for along the way, as Stripe's request log would show it.
    const logged = (await (await fetch(`${stack.apiUrl}/_local/logs?provider=stripe`)).json()) as {
      requests: { action: string; status: number; idempotencyKey?: string }[];
    };
    expect([...new Set(logged.requests.map((request) => `${request.action} ${request.status}`))]).toEqual(
      expect.arrayContaining([
        'GET /v1/accounts/:id 200', // the coach can be paid
        'POST /v1/checkout/sessions 200', // each paid session, and the plan
        'GET /v1/payment_intents/:id 200', // the charge paid, and its fee
        'POST /v1/refunds 200', // the cancelled session
        'GET /v1/refunds 200', // the refund charge.refunded stands for
        'GET /v1/refunds/:id 200', // its fee given back
        'GET /v1/transfers 200', // no transfer yet for the group
        'POST /v1/transfers 200', // the delivered sessions, and the plan's month
        'GET /v1/invoice_payments 200', // each plan invoice's charge
      ]),
    );
    expect(logged.requests.every((request) => request.status === 200)).toBe(true);
    const keyed = (prefix: string) => logged.requests.filter((request) => request.idempotencyKey?.startsWith(prefix));
    expect(keyed('refund-')).toHaveLength(1);
    expect(keyed('transfer-')).toHaveLength(3);
    expect(keyed('subscription-checkout-')).toHaveLength(1);

    expect(await deliveryControl({ mode: 'chaos', seed: CHAOS_SEED })).toMatchObject({
      mode: 'chaos',
      seed: CHAOS_SEED,
    });
    const asStripeMay = await moneyJourney(3);
    await deliveryControl({ mode: 'normal' });

    expect(movements(asStripeMay), `chaos seed ${CHAOS_SEED}`).toEqual(movements(inOrder));
    expect(ledgerTotals(asStripeMay)).toEqual(ledgerTotals(inOrder));
  });
});
