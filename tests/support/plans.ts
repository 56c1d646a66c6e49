import { expect } from 'vitest';
import { subscriptionCreated, subscriptionList } from '../../functions/schemas/plans';
import type { TestStack } from './local-stack';
import { type SignedInUser, signedInUserWithProfile } from './users';

const call = (stack: TestStack, user: SignedInUser, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user.auth, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A plan of one 60-minute session a month. */
const ONE_SESSION_PLAN = {
  monthlyPriceCents: 30_000,
  sessionsPerMonth: 1,
  sessionMinutes: 60,
  description: 'Monthly',
  active: true,
};

/**
 * The coach offers a plan of one session a month, and a new mentee subscribes and pays at the Stripe
 * stand-in's Checkout: the mentee, what books a session on the plan, and the credits it has left.
 */
export async function paidOneSessionPlan(stack: TestStack, coach: SignedInUser) {
  expect((await call(stack, coach, 'PUT', '/api/me/plan', ONE_SESSION_PLAN)).status).toBe(200);
  const mentee = await signedInUserWithProfile(stack.config, 'mentee');
  const subscribed = await call(stack, mentee, 'POST', '/api/subscriptions', { coachId: coach.userId });
  const { subscription, checkoutUrl } = subscriptionCreated.parse(await subscribed.json());
  const paid = await fetch(`${stack.apiUrl}/_local/stripe/checkout/pay`, {
    method: 'POST',
    body: new URLSearchParams({ checkout: new URL(checkoutUrl).searchParams.get('id') as string }),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  await stack.jobsSettled();
  return {
    mentee,
    creditsLeft: async () =>
      subscriptionList
        .parse(await (await call(stack, mentee, 'GET', '/api/me/subscriptions')).json())
        .subscriptions.find((item) => item.id === subscription.id)?.creditsLeft,
    /** Books the plan's session at `start`: the answer as it came. */
    book: (start: string) =>
      call(stack, mentee, 'POST', '/api/sessions', {
        coachId: coach.userId,
        start,
        durationMinutes: 60,
        subscriptionId: subscription.id,
      }),
  };
}
