import { expect } from 'vitest';
import { ledgerEntriesOfCoach } from '../../functions/data/ledger';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { bookingResult } from '../../functions/schemas/session';
import type { TestStack } from './local-stack';
import type { SignedInUser } from './users';

const standIn = () => localStripeFromEnvironment() as LocalStripe;

interface SignedEvent {
  body: string;
  signature: string;
}

/** Sends a Stripe-signed event to the stack's webhook, as Stripe delivers it. */
export const deliverStripeEvent = (stack: TestStack, { body, signature }: SignedEvent) =>
  fetch(`${stack.apiUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });

interface Booking {
  mentee: SignedInUser;
  coach: SignedInUser;
  start: string;
  /** An hour unless given. */
  durationMinutes?: number;
}

/** Books the coach for the mentee at `start`, as the booking page does: the session waits for its Checkout. */
export async function bookSession(stack: TestStack, { mentee, coach, start, durationMinutes = 60 }: Booking) {
  const response = await fetch(`${stack.apiUrl}/api/sessions`, {
    method: 'POST',
    headers: { ...mentee.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ coachId: coach.userId, start, durationMinutes }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { session, checkoutUrl } = bookingResult.parse(await response.json());
  return { session, checkoutId: new URL(checkoutUrl as string).searchParams.get('id') as string };
}

/**
 * Books the coach for the mentee at `start` and pays it at the Stripe stand-in's Checkout,
 * Stripe's event delivered to the webhook and what it starts settled, as a real booking goes.
 * The booking's own work (its expiry's schedule, made from the table's stream) is done before the
 * payment, as it is while a mentee types a card number; a payment faster than the stream leaves an
 * expiry schedule that later finds the session paid and does nothing.
 */
export async function bookAndPay(stack: TestStack, booking: Booking) {
  const { session, checkoutId } = await bookSession(stack, booking);
  await stack.jobsSettled();
  const paid = await standIn().settleCheckout(checkoutId, 'paid');
  if (!paid) throw new Error('the checkout was not open');
  expect((await deliverStripeEvent(stack, paid)).status).toBe(200);
  await stack.jobsSettled();
  return { session, checkoutId, paid };
}

/**
 * How many refunds of the checkout's payment the Stripe stand-in's API answered with success: made,
 * or answered again for a repeated idempotency key. One means the product asked for its refund once.
 */
export async function refundsAnswered(stack: TestStack, checkoutId: string): Promise<number> {
  const paymentIntentId = (await standIn().findCheckout(checkoutId))?.paymentIntentId;
  return stack
    .stripeRequests()
    .filter(
      (request) =>
        request.endpoint === 'POST /v1/refunds' &&
        request.status === 200 &&
        request.params.payment_intent === paymentIntentId,
    ).length;
}

/** The coach's transfers of one session (or plan payout) that the Stripe stand-in made. */
export const transfersOfSession = (stack: TestStack, sessionId: string) =>
  stack
    .stripeRequests()
    .filter(
      (request) =>
        request.endpoint === 'POST /v1/transfers' &&
        request.status === 200 &&
        request.params.transfer_group === sessionId,
    );

/** The coach's ledger entries of one session. */
export const ledgerOfSession = async (coachId: string, sessionId: string) =>
  (await ledgerEntriesOfCoach(coachId)).filter((entry) => entry.sessionId === sessionId);

/** What the ledger still holds for the coach of this session: their share less refunds, less what was transferred. */
export const heldForSession = async (coachId: string, sessionId: string) =>
  (await ledgerOfSession(coachId, sessionId)).reduce(
    (held, entry) => held + entry.netToCoachCents - entry.transferredCents,
    0,
  );
