import { Metrics } from '@aws-lambda-powertools/metrics';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readMailbox } from '../../bin/local/mailbox';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { getLedgerEntry } from '../../functions/data/ledger';
import { claimRefund, getSession } from '../../functions/data/sessions';
import { ledgerEntryId } from '../../functions/domain/ledger';
import { REFUND_MAX_ATTEMPTS } from '../../functions/domain/refunds';
import { BUSINESS_METRICS } from '../../functions/runtime/metrics';
import { REFUND_CLAIM_LEASE_MS, tryRefund } from '../../functions/workflows/payments/refunds';
import { sessionView } from '../../functions/schemas/session';
import { at, publishedCoach, RATE_CENTS } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { bookAndPay, deliverStripeEvent, refundsAnswered } from '../support/paid-sessions';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;
let payments: LocalStripe;
let coach: SignedInUser;
let mentee: SignedInUser;

const call = (user: SignedInUser | null, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...(user?.auth ?? {}), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const deliver = (event: { body: string; signature: string }) => deliverStripeEvent(stack, event);

const armFaults = async (faults: Record<string, number>) => {
  const response = await fetch(`${stack.apiUrl}/_local/stripe/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  expect(response.status).toBe(200);
};

const paidSession = (days: number) => bookAndPay(stack, { mentee, coach, start: at(days, 9) });

const viewAs = async (user: SignedInUser, sessionId: string) =>
  sessionView.parse(await (await call(user, 'GET', `/api/sessions/${sessionId}`)).json());

/** The e-mails about one session (its calendar attachment names it) that went to the user. */
const mailsTo = async (user: SignedInUser, sessionId: string, subject: string) =>
  (await readMailbox(stack.mailboxFile)).filter(
    (mail) =>
      mail.to === user.email &&
      mail.subject.startsWith(subject) &&
      mail.attachments?.some((file) => file.content.includes(`UID:${sessionId}@`)),
  );

/** Runs the refund's scheduled retry now instead of minutes later, as its time had come. */
async function runRefundRetries() {
  stack.runPendingJobsNow('refundSession');
  await stack.jobsSettled();
}

beforeAll(async () => {
  stack = await startTestStack();
  payments = localStripeFromEnvironment() as LocalStripe;
  [coach, mentee] = await Promise.all([
    publishedCoach(stack.config, { payments: true }),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
});

afterEach(async () => {
  await armFaults({ refunds: 0 });
  vi.restoreAllMocks();
});

afterAll(async () => {
  await stack?.dispose();
});

describe('the refund of a cancelled paid session', () => {
  it('says a price with cents to the cent: 30 minutes at $75 an hour is $37.50, in the cancellation and the refund', async () => {
    const oddRate = await publishedCoach(stack.config, { payments: true, hourlyRateCents: 7_500 });
    const { session } = await bookAndPay(stack, { mentee, coach: oddRate, start: at(3, 9), durationMinutes: 30 });
    expect(session.priceCents).toBe(3_750);
    const confirmation = await mailsTo(mentee, session.id, 'Session confirmed');
    expect(confirmation[0]?.text).toContain('$37.50');
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'On call' })).status).toBe(200);
    await stack.jobsSettled();
    const cancellation = await mailsTo(mentee, session.id, 'Session cancelled');
    expect(cancellation[0]?.text).toContain('A refund of $37.50 to your card has been requested');
    expect(await mailsTo(mentee, session.id, 'Refund confirmed: $37.50')).toHaveLength(1);
  });

  it('fails three times, then succeeds: one refund, finance sees each retry, and the mentee gets both e-mails', {
    timeout: 90_000,
  }, async () => {
    const { session, checkoutId } = await paidSession(2);
    await armFaults({ refunds: 3 });

    const cancelled = await call(mentee, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'On call' });
    expect(cancelled.status).toBe(200);
    expect(sessionView.parse(await cancelled.json()).refund).toEqual({ status: 'requested', amountCents: RATE_CENTS });
    await stack.jobsSettled();
    for (let retry = 0; retry < 3; retry++) await runRefundRetries();

    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    for (const user of [mentee, coach]) {
      expect((await viewAs(user, session.id)).refund).toEqual({ status: 'succeeded', amountCents: RATE_CENTS });
    }
    const cancellationToMentee = await mailsTo(mentee, session.id, 'Session cancelled');
    expect(cancellationToMentee).toHaveLength(1);
    expect(cancellationToMentee[0]?.text).toContain('You cancelled your mentoring session');
    expect(cancellationToMentee[0]?.text).toContain('A refund of $120 to your card has been requested');
    expect(await mailsTo(coach, session.id, 'Session cancelled')).toHaveLength(1);
    expect(await mailsTo(mentee, session.id, 'Refund confirmed: $120')).toHaveLength(1);
    for (const tryNumber of [1, 2, 3]) {
      expect(await getLedgerEntry(ledgerEntryId.refundTry(session.id, tryNumber))).toMatchObject({
        kind: 'refund_retry',
        refundCents: 0,
      });
    }
    expect(await getLedgerEntry(ledgerEntryId.refundTry(session.id, 4))).toBeNull();
    expect((await stack.deadLetters()).filter((letter) => letter.subject === `session:${session.id}`)).toEqual([]);

    // A late redelivery of Stripe's event and a stale retry change nothing and send no second e-mail.
    await runRefundRetries();
    expect(await mailsTo(mentee, session.id, 'Refund confirmed')).toHaveLength(1);
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
  });

  it('that always fails is given up after every try: dead-lettered, counted, and shown as failed to both parties', {
    timeout: 90_000,
  }, async () => {
    const addMetric = vi.spyOn(Metrics.prototype, 'addMetric');
    const { session, checkoutId } = await paidSession(3);
    await armFaults({ refunds: 1000 });

    expect((await call(coach, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'Unwell' })).status).toBe(200);
    await stack.jobsSettled();
    for (let round = 0; round < REFUND_MAX_ATTEMPTS + 2; round++) await runRefundRetries();

    expect(await stack.deadLetters()).toEqual([
      expect.objectContaining({
        kind: 'refundSession',
        subject: `session:${session.id}`,
        payload: JSON.stringify({ sessionId: session.id, try: REFUND_MAX_ATTEMPTS }),
      }),
    ]);
    const failedCounts = addMetric.mock.calls.filter(([name]) => name === BUSINESS_METRICS.refundsFailed);
    expect(failedCounts).toHaveLength(1);
    for (const user of [mentee, coach]) {
      expect((await viewAs(user, session.id)).refund).toEqual({ status: 'failed', amountCents: RATE_CENTS });
    }
    expect((await getSession(session.id))?.refund?.failedAttempts).toBe(REFUND_MAX_ATTEMPTS);
    expect(await getLedgerEntry(ledgerEntryId.refundTry(session.id, REFUND_MAX_ATTEMPTS))).toMatchObject({
      kind: 'refund_given_up',
    });
    expect(await getLedgerEntry(ledgerEntryId.refundTry(session.id, REFUND_MAX_ATTEMPTS - 1))).toMatchObject({
      kind: 'refund_retry',
    });
    expect((await payments.findCheckout(checkoutId))?.refundId).toBeUndefined();
    expect(await mailsTo(mentee, session.id, 'Refund confirmed')).toEqual([]);
    // The mentee hears the truth once: nothing came back yet, and support will contact them.
    const delayed = await mailsTo(mentee, session.id, 'Your refund of $120 is delayed');
    expect(delayed).toHaveLength(1);
    expect(delayed[0]?.text).toContain('no money has been returned to your card yet');
    expect(delayed[0]?.text).toContain('our support team will contact you');
    expect(delayed[0]?.text).not.toMatch(/\brefunded\b|confirmed/i);
    expect(await mailsTo(coach, session.id, 'Your refund')).toEqual([]);
  });

  it('is made by Lambda’s retry, a minute later, of a run that died holding the claim', async () => {
    const { session, checkoutId } = await paidSession(5);
    // The claim of a run that died (a timeout) just after claiming: every run until it lapses stands back.
    const diedAt = new Date();
    expect(await claimRefund(session.id, new Date(diedAt.getTime() + REFUND_CLAIM_LEASE_MS), diedAt)).toBe(true);
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'Moved' })).status).toBe(200);
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, checkoutId)).toBe(0);

    expect(await tryRefund(session.id, 1, new Date(diedAt.getTime() + 61_000))).toBe(true);
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    expect((await viewAs(mentee, session.id)).refund).toEqual({ status: 'succeeded', amountCents: RATE_CENTS });
  });

  it('is found over the API from Stripe’s charge.refunded, which lists no refunds, and its fee is looked up', async () => {
    const { session, checkoutId } = await paidSession(6);
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'Moved' })).status).toBe(200);
    await stack.jobsSettled();

    const { chargeId, refundId } = (await payments.findCheckout(checkoutId)) ?? {};
    expect(refundId).toMatch(/^re_/);
    expect(await getLedgerEntry(ledgerEntryId.refund(chargeId as string, RATE_CENTS))).toMatchObject({
      kind: 'refund',
      refundCents: RATE_CENTS,
      stripe: { refundId, chargeId },
    });
    const asked = stack.stripeRequests().map(({ method, path, params, status }) => ({ method, path, params, status }));
    expect(asked).toContainEqual({
      method: 'GET',
      path: '/v1/refunds',
      params: { charge: chargeId, limit: '100' },
      status: 200,
    });
    // recordRefundFee: the refund's balance transaction says what fee Stripe kept or gave back.
    expect(asked).toContainEqual({
      method: 'GET',
      path: `/v1/refunds/${refundId}`,
      params: {},
      status: 200,
    });
  });

  it('of a disputed charge is refused by Stripe, not retried, and says so', { timeout: 90_000 }, async () => {
    const { session, checkoutId } = await paidSession(4);
    expect((await deliver(await payments.openDispute(checkoutId))).status).toBe(200);

    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'Moved' })).status).toBe(200);
    await stack.jobsSettled();
    await runRefundRetries();

    expect((await viewAs(mentee, session.id)).refund).toEqual({
      status: 'failed',
      amountCents: RATE_CENTS,
      disputed: true,
    });
    expect((await getSession(session.id))?.refund?.failedAttempts).toBe(1);
    expect(await getLedgerEntry(ledgerEntryId.refundTry(session.id, 1))).toMatchObject({ kind: 'refund_given_up' });
    expect((await stack.deadLetters()).filter((letter) => letter.subject === `session:${session.id}`)).toEqual([]);
  });
});
