import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { simulateStripeOutage } from '../../bin/local/stripe-faults';
import { getSession } from '../../functions/data/sessions';
import { bookingResult } from '../../functions/schemas/session';
import { mySessions } from '../../functions/schemas/session-actions';
import { at, publishedCoach } from '../support/coaches';
import { whileDatabasePaused } from '../support/faults';
import { bookAndPay } from '../support/paid-sessions';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;
let coach: SignedInUser;
let mentee: SignedInUser;

const call = (user: SignedInUser | null, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...(user?.auth ?? {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/**
 * A 503 (not the local server's 500 for a function that ran out of its 10 s) proves the handler
 * gave up on the dependency before the function timeout, as in Lambda.
 */
async function expectServiceUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await response.json()).error).toMatchObject({
    code: 'SERVICE_UNAVAILABLE',
    message: expect.stringContaining('try again'),
  });
}

const sessionsOf = async (user: SignedInUser) =>
  mySessions.parse(await (await call(user, 'GET', '/api/me/sessions')).json()).sessions;

beforeAll(async () => {
  // It pauses DynamoDB Local: a Java process of its own, not the one the other files share.
  stack = await startTestStack({ ownDatabase: true });
  [coach, mentee] = await Promise.all([
    publishedCoach(stack.config, { payments: true }),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
});

afterEach(() => simulateStripeOutage(null));

afterAll(async () => {
  await stack?.dispose();
});

describe('DynamoDB stops answering', () => {
  it('answers 503 with Retry-After for a read and a booking, writes nothing, and recovers once it answers again', async () => {
    const booking = { coachId: coach.userId, start: at(3, 10), durationMinutes: 30, freeConsultation: true };
    await whileDatabasePaused(stack.dynamodbPid, async () => {
      await expectServiceUnavailable(await call(null, 'GET', `/api/coaches/${coach.userId}`));
      await expectServiceUnavailable(await call(mentee, 'POST', '/api/sessions', booking));
    });

    expect((await call(null, 'GET', `/api/coaches/${coach.userId}`)).status).toBe(200);
    expect(await sessionsOf(mentee)).toEqual([]);
    const retried = await call(mentee, 'POST', '/api/sessions', booking);
    expect(retried.status, await retried.clone().text()).toBe(201);
    expect((await sessionsOf(mentee)).map((s) => s.id)).toEqual([bookingResult.parse(await retried.json()).session.id]);
  });
});

describe('Stripe fails or stops answering', () => {
  it.each(['fail', 'hang'] as const)(
    'when it %ss, a paid booking answers 503 and its time is released for the retry',
    async (mode) => {
      const booking = { coachId: coach.userId, start: at(4, mode === 'fail' ? 9 : 11), durationMinutes: 60 };
      simulateStripeOutage(mode);
      await expectServiceUnavailable(await call(mentee, 'POST', '/api/sessions', booking));
      simulateStripeOutage(null);

      const retried = await call(mentee, 'POST', '/api/sessions', booking);
      expect(retried.status).toBe(201);
      expect(bookingResult.parse(await retried.json()).checkoutUrl).toBeTruthy();
    },
  );

  it('a cancel while Stripe fails still cancels, and the refund job finishes the refund once Stripe answers', async () => {
    // Paid as Stripe tells it (the webhook writes the payment), so the refund's charge.refunded finds it.
    const { session } = await bookAndPay(stack, { mentee, coach, start: at(5, 9) });
    expect((await call(mentee, 'GET', `/api/sessions/${session.id}`)).status).toBe(200);

    simulateStripeOutage('fail');
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'Ill' })).status).toBe(200);
    await stack.jobsSettled();
    const unrefunded = await getSession(session.id);
    expect(unrefunded?.status).toBe('cancelled');
    expect(unrefunded?.refundId ?? null).toBeNull();
    expect(unrefunded?.refund).toMatchObject({ status: 'requested', failedAttempts: 1 });
    simulateStripeOutage(null);

    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'Ill' })).status).toBe(409);
    stack.runPendingJobsNow('refundSession');
    await stack.jobsSettled();
    const refunded = await getSession(session.id);
    expect(refunded?.refundId).toBeTruthy();
    expect(refunded?.refund).toMatchObject({ status: 'succeeded' });
  });
});
