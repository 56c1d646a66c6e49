import { JOB_FUNCTION_RETRY_ATTEMPTS } from '../../functions/adapters/job-delivery';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaHandler } from '../../bin/local/lambda-modules';
import { readMailbox } from '../../bin/local/mailbox';
import { armStripeFaults } from '../../bin/local/stripe-faults';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { jobs } from '../../functions/runtime/ports/jobs';
import { scheduler } from '../../functions/runtime/ports/scheduler';
import { signStripeEvent } from '../../functions/adapters/stripe-events';
import { getLedgerEntry, ledgerEntriesOfCoach } from '../../functions/data/ledger';
import { ledgerEntryId } from '../../functions/domain/ledger';
import { getSession } from '../../functions/data/sessions';
import { owedTransfers, recordOwedTransfer } from '../../functions/data/transfers';
import { coachNet, DEFAULT_FEE_RULE } from '../../functions/domain/fees';
import { earnings, type Reconciliation } from '../../functions/schemas/ledger';
import { at, publishedCoach, RATE_CENTS, setCoachCanReceiveTransfers } from '../support/coaches';
import { endedAgo, pastItsOutcomeWindow } from '../support/bookings';
import { startTestStack, type TestStack } from '../support/local-stack';
import { bookAndPay, bookSession, deliverStripeEvent, refundsAnswered } from '../support/paid-sessions';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

/**
 * The money of a paid session: charged and held by the platform, transferred to the coach once
 * after delivery (nobody reported otherwise within its outcome window: session-outcomes-api.test.ts), never for a cancelled session, owed while the coach's account cannot take it,
 * retried and dead-lettered when Stripe refuses; and a payment that is not the session's settles nothing.
 */

let stack: TestStack;
let payments: LocalStripe;
let coach: SignedInUser;
let mentee: SignedInUser;
/** The EMF lines the functions wrote (metrics are on in this file). */
let emf: string[] = [];

/** Every session here is half an hour, at half the hourly rate. */
const SESSION_MINUTES = 30;
const PRICE = RATE_CENTS / 2;
const NET = coachNet(PRICE, DEFAULT_FEE_RULE);

type Job = (event: unknown) => Promise<unknown>;
const job = async (name: string) => (await lambdaHandler(name)) as Job;

beforeAll(async () => {
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  // Lambda's two retries, a few milliseconds apart instead of minutes.
  stack = await startTestStack();
  payments = localStripeFromEnvironment() as LocalStripe;
  coach = await publishedCoach(stack.config, { payments: true });
});

beforeEach(async () => {
  mentee = await signedInUserWithProfile(stack.config, 'mentee');
  emf = [];
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    if (String(chunk).includes('"_aws"')) {
      emf.push(String(chunk));
      return true;
    }
    return write(chunk, ...(rest as []));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  armStripeFaults({ transfers: 0 });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await stack?.dispose();
});

const counted = (metric: string) => emf.filter((line) => line.includes(`"${metric}"`)).length;

const book = (start: string) => bookSession(stack, { mentee, coach, start, durationMinutes: SESSION_MINUTES });
const paidSession = (start: string) => bookAndPay(stack, { mentee, coach, start, durationMinutes: SESSION_MINUTES });
const deliver = (event: { body: string; signature: string }) => deliverStripeEvent(stack, event);

const entriesOf = async (sessionId: string) =>
  (await ledgerEntriesOfCoach(coach.userId)).filter((entry) => entry.sessionId === sessionId);

async function myEarnings() {
  const response = await fetch(`${stack.apiUrl}/api/me/earnings`, { headers: coach.auth });
  expect(response.status).toBe(200);
  return earnings.parse(await response.json());
}

/** What Stripe's account does while the coach's payouts are restricted: it takes no transfers. */
describe('a delivered session', () => {
  it('holds the money past the completion job until its outcome window ends, then transfers the net once however often it runs', async () => {
    const before = await myEarnings();
    const { session } = await paidSession(at(2, 9));
    const paid = await myEarnings();
    expect(paid.heldCents - before.heldCents).toBe(NET);
    expect(paid.transferredCents).toBe(before.transferredCents);
    // Stripe's processing fee of the charge is its own entry, so finance sees the platform's true net.
    expect((await entriesOf(session.id)).map((entry) => [entry.kind, entry.processingFeeCents])).toEqual([
      ['payment', 0],
      ['processing_fee', Math.round(PRICE * 0.029) + 30],
    ]);

    await endedAgo(session.id);
    const complete = await job('completeSession');
    await complete({ sessionId: session.id });
    // Completed at its end, but nobody said yet how it went: the money stays held.
    expect(await payments.findTransfer(session.id)).toBeNull();
    expect((await myEarnings()).heldCents - before.heldCents).toBe(NET);

    await pastItsOutcomeWindow(session.id);
    await complete({ sessionId: session.id });
    await complete({ sessionId: session.id });

    const transfer = await payments.findTransfer(session.id);
    expect(transfer).toMatchObject({ amountCents: NET, sourceChargeId: expect.stringMatching(/^ch_/) });
    const stored = await getSession(session.id);
    expect(stored).toMatchObject({ status: 'completed', transferId: transfer?.transferId });
    expect((await entriesOf(session.id)).filter((entry) => entry.kind === 'transfer')).toEqual([
      expect.objectContaining({
        transferredCents: NET,
        stripe: expect.objectContaining({ transferId: transfer?.transferId }),
      }),
    ]);
    const after = await myEarnings();
    expect(after.heldCents).toBe(before.heldCents);
    expect(after.transferredCents - before.transferredCents).toBe(NET);
  });

  it('gets no transfer when it was cancelled: refunded from the platform, nothing to reverse', async () => {
    const { session } = await paidSession(at(2, 11));
    const cancel = await fetch(`${stack.apiUrl}/api/sessions/${session.id}/cancel`, {
      method: 'POST',
      headers: { ...mentee.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Something came up' }),
    });
    expect(cancel.status).toBe(200);
    await stack.jobsSettled();
    await pastItsOutcomeWindow(session.id);
    await (await job('completeSession'))({ sessionId: session.id });
    expect(await payments.findTransfer(session.id)).toBeNull();
    expect((await getSession(session.id))?.status).toBe('cancelled');
  });

  it('is owed while the coach cannot receive transfers, and paid by the daily retry once they can', async () => {
    const { session } = await paidSession(at(2, 13));
    await setCoachCanReceiveTransfers(coach.userId, false);
    await pastItsOutcomeWindow(session.id);
    await (await job('completeSession'))({ sessionId: session.id });
    expect(await payments.findTransfer(session.id)).toBeNull();
    expect(await owedTransfers()).toContainEqual(
      expect.objectContaining({
        sessionId: session.id,
        amountCents: NET,
        reason: expect.stringContaining('capabilities'),
      }),
    );

    await setCoachCanReceiveTransfers(coach.userId, true);
    await (await job('payOwedTransfers'))({});
    expect(await payments.findTransfer(session.id)).toMatchObject({ amountCents: NET });
    expect((await owedTransfers()).map((owed) => owed.sessionId)).not.toContain(session.id);
  });

  it('is no longer owed once transferred, even when a late failed try wrote it owed after the transfer', async () => {
    const { session } = await paidSession(at(2, 17));
    await pastItsOutcomeWindow(session.id);
    await (await job('completeSession'))({ sessionId: session.id });
    expect(await payments.findTransfer(session.id)).toMatchObject({ amountCents: NET });
    // A concurrent try that failed at Stripe records the transfer owed after the other one recorded it made.
    await recordOwedTransfer(
      {
        sessionId: session.id,
        coachId: coach.userId,
        amountCents: NET,
        currency: 'usd',
        reason: 'The transfer failed',
      },
      new Date(),
    );

    await (await job('payOwedTransfers'))({});
    expect((await owedTransfers()).map((owed) => owed.sessionId)).not.toContain(session.id);
    const made = stack
      .stripeRequests()
      .filter((request) => request.endpoint === 'POST /v1/transfers' && request.params.transfer_group === session.id);
    expect(made).toHaveLength(1);
  });

  it('is retried when Stripe refuses the transfer, then dead-lettered, counted for the alarm, and still owed', async () => {
    const { session } = await paidSession(at(2, 15));
    await pastItsOutcomeWindow(session.id);
    armStripeFaults({ transfers: 3 });
    // One invocation and Lambda's retries of it: the session's own completion schedule, made due
    // with them below, would be a second invocation beside it.
    await scheduler().unschedule('completeSession', session.id);
    await jobs().start('completeSession', session.id);
    await stack.jobsSettled();
    // Lambda's two retries of the failed run, now instead of minutes later.
    for (let retry = 0; retry < JOB_FUNCTION_RETRY_ATTEMPTS; retry++) {
      stack.runPendingJobsNow('completeSession');
      await stack.jobsSettled();
    }

    expect(await stack.deadLetters()).toContainEqual(
      expect.objectContaining({
        kind: 'completeSession',
        subject: `session:${session.id}`,
        lastError: expect.stringContaining('insufficient'),
        tries: 1 + JOB_FUNCTION_RETRY_ATTEMPTS,
      }),
    );
    expect(counted('TransferFailures')).toBe(3);
    expect(await payments.findTransfer(session.id)).toBeNull();
    expect((await getSession(session.id))?.status).toBe('completed');
    expect(await owedTransfers()).toContainEqual(expect.objectContaining({ sessionId: session.id }));

    await (await job('payOwedTransfers'))({});
    expect(await payments.findTransfer(session.id)).toMatchObject({ amountCents: NET });
    // Stripe answers a refused key's refusal again for a day: each try after one goes under a key of its own.
    const tries = stack
      .stripeRequests()
      .filter((request) => request.endpoint === 'POST /v1/transfers' && request.params.transfer_group === session.id);
    expect(tries.map(({ idempotencyKey, status, replayed }) => ({ idempotencyKey, status, replayed }))).toEqual([
      { idempotencyKey: `transfer-${session.id}`, status: 400, replayed: false },
      { idempotencyKey: `transfer-${session.id}-2`, status: 400, replayed: false },
      { idempotencyKey: `transfer-${session.id}-3`, status: 400, replayed: false },
      { idempotencyKey: `transfer-${session.id}-4`, status: 200, replayed: false },
    ]);
  });

  it('is not transferred when its charge was disputed first; a dispute after the transfer is recorded and alarmed', async () => {
    const disputed = await paidSession(at(3, 9));
    expect((await deliver(await payments.openDispute(disputed.checkoutId))).status).toBe(200);
    await pastItsOutcomeWindow(disputed.session.id);
    await (await job('completeSession'))({ sessionId: disputed.session.id });
    expect(await payments.findTransfer(disputed.session.id)).toBeNull();
    expect(counted('DisputesAfterTransfer')).toBe(0);

    const late = await paidSession(at(3, 11));
    await pastItsOutcomeWindow(late.session.id);
    await (await job('completeSession'))({ sessionId: late.session.id });
    expect(await payments.findTransfer(late.session.id)).not.toBeNull();
    expect((await deliver(await payments.openDispute(late.checkoutId))).status).toBe(200);
    expect((await entriesOf(late.session.id)).map((entry) => entry.kind)).toContain('dispute_opened');
    expect(counted('DisputesAfterTransfer')).toBe(1);
  });
});

/** Paid, delivered, and the completion job run: the coach's transfer made. */
async function transferredSession(start: string) {
  const paid = await paidSession(start);
  await pastItsOutcomeWindow(paid.session.id);
  await (await job('completeSession'))({ sessionId: paid.session.id });
  const transfer = await payments.findTransfer(paid.session.id);
  expect(transfer).not.toBeNull();
  return { ...paid, transferId: transfer?.transferId as string };
}

const reverseAtStripe = (body: unknown) =>
  fetch(`${stack.apiUrl}/_local/stripe/transfers/reverse`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const reversalsOf = async (sessionId: string) =>
  (await entriesOf(sessionId))
    .filter((entry) => entry.kind === 'transfer_reversed')
    .map((entry) => [entry.transferredCents, entry.netToCoachCents, entry.stripe.transferId]);

describe("a coach's transfer reversed at Stripe", () => {
  it('is booked once per reversal however often Stripe delivers it, and no more can be reversed than was sent', async () => {
    const before = await myEarnings();
    const { session, transferId } = await transferredSession(at(5, 9));
    const paidOut = await myEarnings();

    // The Dashboard's reversal of part of it, through the stand-in's control.
    expect((await reverseAtStripe({ transfer: transferId, amountCents: 1_000 })).status).toBe(200);
    expect(await reversalsOf(session.id)).toEqual([[-1_000, -1_000, transferId]]);

    // The rest, its event delivered twice as Stripe may.
    const { event: rest } = await payments.reverseTransfer(transferId);
    expect((await deliver(rest)).status).toBe(200);
    const again = await deliver(rest);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await reversalsOf(session.id)).toEqual([
      [-1_000, -1_000, transferId],
      [1_000 - NET, 1_000 - NET, transferId],
    ]);

    const refused = await reverseAtStripe({ transfer: transferId, amountCents: 1 });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe('amount_too_large');
    expect((await reverseAtStripe({ transfer: 'tr_not_ours' })).status).toBe(404);
    expect(await reversalsOf(session.id)).toHaveLength(2);

    // The day's reconciliation finds the transfer and both reversals on Stripe's side too.
    const day = new Date().toISOString().slice(0, 10);
    const reconciled = (await (await job('reconcileLedger'))({ day })) as Reconciliation;
    const charge = (await payments.findTransfer(session.id))?.sourceChargeId;
    expect(reconciled.mismatches.filter((item) => item.source === charge)).toEqual([]);

    // Taken back from the coach: no longer transferred, and not held for them either.
    const after = await myEarnings();
    expect(after.transferredCents).toBe(paidOut.transferredCents - NET);
    expect(after.heldCents).toBe(before.heldCents);
  });
});

describe('a dispute opened before the transfer', () => {
  const closeDispute = async (checkoutId: string, status: 'won' | 'lost') =>
    expect((await deliver(await payments.closeDispute(checkoutId, status))).status).toBe(200);

  /** Paid, disputed, then delivered: the completion job leaves the transfer blocked. */
  async function disputedDelivered(start: string) {
    const paid = await paidSession(start);
    expect((await deliver(await payments.openDispute(paid.checkoutId))).status).toBe(200);
    await pastItsOutcomeWindow(paid.session.id);
    await (await job('completeSession'))({ sessionId: paid.session.id });
    expect(await payments.findTransfer(paid.session.id)).toBeNull();
    return paid;
  }

  it('won, unblocks the transfer: owed to the coach and paid by the daily retry', async () => {
    const { session, checkoutId } = await disputedDelivered(at(6, 9));
    await closeDispute(checkoutId, 'won');
    expect(await owedTransfers()).toContainEqual(expect.objectContaining({ sessionId: session.id, amountCents: NET }));

    await (await job('payOwedTransfers'))({});
    expect(await payments.findTransfer(session.id)).toMatchObject({ amountCents: NET });
    expect((await owedTransfers()).map((owed) => owed.sessionId)).not.toContain(session.id);
    expect((await entriesOf(session.id)).map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['dispute_opened', 'dispute_closed', 'transfer']),
    );
  });

  it('won before the session is delivered lets its completion pay the coach as usual', async () => {
    const { session, checkoutId } = await paidSession(at(6, 11));
    expect((await deliver(await payments.openDispute(checkoutId))).status).toBe(200);
    await closeDispute(checkoutId, 'won');
    await pastItsOutcomeWindow(session.id);
    await (await job('completeSession'))({ sessionId: session.id });
    expect(await payments.findTransfer(session.id)).toMatchObject({ amountCents: NET });
  });

  it('won, told before its opening (Stripe keeps no order), is refused until the opening is applied, then pays the coach', async () => {
    const { session, checkoutId } = await paidSession(at(6, 15));
    const opened = await payments.openDispute(checkoutId);
    const won = await payments.closeDispute(checkoutId, 'won');
    // Stripe retries it later: the transfer must not stay blocked by an opening applied after its close.
    expect((await deliver(won)).status).toBe(500);
    expect((await deliver(opened)).status).toBe(200);
    expect(await (await deliver(won)).json()).toEqual({ received: true, duplicate: false });
    await pastItsOutcomeWindow(session.id);
    await (await job('completeSession'))({ sessionId: session.id });
    expect(await payments.findTransfer(session.id)).toMatchObject({ amountCents: NET });
    expect((await entriesOf(session.id)).map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['dispute_opened', 'dispute_closed', 'transfer']),
    );
  });

  it('lost, keeps it blocked and records the loss: the coach is neither paid nor held anything for it', async () => {
    const before = await myEarnings();
    const { session, checkoutId } = await disputedDelivered(at(6, 13));
    await closeDispute(checkoutId, 'lost');
    await (await job('payOwedTransfers'))({});

    expect(await payments.findTransfer(session.id)).toBeNull();
    expect((await owedTransfers()).map((owed) => owed.sessionId)).not.toContain(session.id);
    const closed = (await entriesOf(session.id)).find((entry) => entry.kind === 'dispute_closed');
    expect(closed).toMatchObject({
      disputedCents: 0,
      netToCoachCents: -NET,
      platformFeeCents: NET - PRICE,
    });
    const disputed = (await entriesOf(session.id)).reduce((sum, entry) => sum + entry.disputedCents, 0);
    expect(disputed).toBe(PRICE);
    const after = await myEarnings();
    expect(after.heldCents).toBe(before.heldCents);
    expect(after.transferredCents).toBe(before.transferredCents);
  });
});

describe('settlement checks', () => {
  /** A `checkout.session.completed` Stripe could sign for this session, with some fact changed. */
  const completedEvent = (sessionId: string, checkout: { id: string; amount_total: number; livemode?: boolean }) =>
    signStripeEvent(
      {
        id: `evt_test_${checkout.id}_${checkout.amount_total}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        livemode: checkout.livemode ?? false,
        data: {
          object: {
            id: checkout.id,
            object: 'checkout.session',
            status: 'complete',
            payment_status: 'paid',
            payment_intent: `pi_other_${checkout.id}`,
            amount_total: checkout.amount_total,
            metadata: { sessionId },
          },
        },
      },
      process.env.LOCAL_STRIPE_WEBHOOK_SECRET as string,
    );

  it.each([
    ['a wrong amount', 9, (checkoutId: string) => ({ id: checkoutId, amount_total: PRICE - 1 })],
    ['another Checkout id', 11, () => ({ id: 'cs_not_this_sessions', amount_total: PRICE })],
    [
      'live-mode money on a test stage',
      13,
      (checkoutId: string) => ({ id: checkoutId, amount_total: PRICE, livemode: true }),
    ],
  ])('changes nothing for %s', async (_case, hour, checkoutOf) => {
    const { session, checkoutId } = await book(at(4, hour));
    expect((await deliver(completedEvent(session.id, checkoutOf(checkoutId)))).status).toBe(200);
    await stack.jobsSettled();
    const stored = await getSession(session.id);
    expect(stored?.status).toBe('pending_payment');
    expect(stored?.paymentIntentId ?? null).toBeNull();
    expect(await entriesOf(session.id)).toEqual([]);
    // Reading it asks the stand-in, whose checkout is still open: still pending.
    const read = await fetch(`${stack.apiUrl}/api/sessions/${session.id}`, { headers: mentee.auth });
    expect((await read.json()).status).toBe('pending_payment');
  });
});

describe('a payment that arrives after the start', () => {
  it('is refunded in full at once: the session is cancelled by the system, never scheduled, the mentee told, no transfer', async () => {
    const { session, checkoutId } = await book(at(1, 9));
    // Paid in time at Stripe, but told late: the webhook was down, and the checkout's expiry job (whose
    // look at the checkout finds a payment) never ran. Stripe's retry of the event lands after the start.
    const paid = (await payments.settleCheckout(checkoutId, 'paid')) as { body: string };
    await stack.jobsSettled();
    await scheduler().unschedule('expirePendingPayment', session.id);
    await stack.advanceClock(Math.ceil((Date.parse(session.start) - Date.now()) / 60_000) + 1);
    // Stripe signs each delivery afresh; the webhook refuses a signature over 5 minutes old.
    const retried = signStripeEvent(JSON.parse(paid.body), process.env.LOCAL_STRIPE_WEBHOOK_SECRET as string);
    expect((await deliver(retried)).status).toBe(200);
    await stack.jobsSettled();

    const stored = await getSession(session.id);
    expect(stored).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      cancellationReason: "The payment arrived after the session's start time; the payment is being refunded in full.",
      refund: { status: 'succeeded', amountCents: PRICE },
    });
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    expect((await entriesOf(session.id)).map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['payment', 'refund']),
    );
    const notBooked = (await readMailbox(stack.mailboxFile)).filter(
      (mail) => mail.to === mentee.email && mail.subject.startsWith('Session not booked'),
    );
    expect(notBooked).toHaveLength(1);
    expect(notBooked[0]?.text).toContain(`A refund of $${PRICE / 100} to your card has been requested`);

    // Nothing is left for the coach: no completion was scheduled, and one run at the end pays nothing.
    await (await job('completeSession'))({ sessionId: session.id });
    expect(await payments.findTransfer(session.id)).toBeNull();
    expect((await getSession(session.id))?.status).toBe('cancelled');
  });
});

describe('a charge the ledger has no payment for (refunded or disputed in Stripe’s Dashboard, or not the product’s)', () => {
  const run = Date.now().toString(36);
  const MINUTE_S = 60;
  /** An event Stripe could sign about a charge of the platform's account that no payment entry names, `ageMinutes` old. */
  const unmatched = (type: string, object: Record<string, unknown>, ageMinutes: number) =>
    signStripeEvent(
      {
        id: `evt_unmatched_${type}_${ageMinutes}_${run}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000) - ageMinutes * MINUTE_S,
        livemode: false,
        data: { object },
      },
      process.env.LOCAL_STRIPE_WEBHOOK_SECRET as string,
    );
  const charge = { chargeId: `ch_unmatched_${run}`, paymentIntentId: `pi_unmatched_${run}` };
  const dispute = {
    id: `dp_unmatched_${run}`,
    object: 'dispute',
    amount: 5_000,
    currency: 'usd',
    charge: charge.chargeId,
    payment_intent: charge.paymentIntentId,
    status: 'needs_response',
    balance_transactions: [
      { id: `txn_unmatched_${run}`, object: 'balance_transaction', amount: -5_000, fee: 1_500, type: 'adjustment' },
    ],
  };

  it('fails while the event is under an hour old, since our own write of the payment may still be on its way', async () => {
    expect((await deliver(unmatched('charge.dispute.created', dispute, 59))).status).toBe(500);
    expect(await getLedgerEntry(ledgerEntryId.disputeOpened(dispute.id))).toBeNull();
    expect(counted('UnmatchedCharges')).toBe(0);
  });

  it('is answered 200 once over an hour old, logged and counted; its dispute and dispute fee are booked for finance', async () => {
    expect((await deliver(unmatched('charge.dispute.created', dispute, 61))).status).toBe(200);
    const none = { sessionId: '', coachId: '', menteeId: '', currency: 'usd' };
    expect(await getLedgerEntry(ledgerEntryId.disputeOpened(dispute.id))).toMatchObject({
      ...none,
      kind: 'dispute_opened',
      disputedCents: 5_000,
      netToCoachCents: 0,
      stripe: { disputeId: dispute.id, chargeId: charge.chargeId, paymentIntentId: charge.paymentIntentId },
    });
    expect(await getLedgerEntry(ledgerEntryId.disputeFee(`txn_unmatched_${run}`))).toMatchObject({
      ...none,
      kind: 'dispute_fee',
      processingFeeCents: 1_500,
      stripe: { disputeId: dispute.id, chargeId: charge.chargeId },
    });
    expect(counted('UnmatchedCharges')).toBe(1);

    const closed = unmatched('charge.dispute.closed', { ...dispute, status: 'won' }, 90);
    expect((await deliver(closed)).status).toBe(200);
    expect(await getLedgerEntry(ledgerEntryId.disputeClosed(dispute.id))).toMatchObject({
      ...none,
      disputedCents: -5_000,
      netToCoachCents: 0,
    });
  });

  it('a refund of it is answered 200 once over an hour old and counted, with nothing to book', async () => {
    const refunded = {
      id: charge.chargeId,
      object: 'charge',
      amount: 5_000,
      amount_refunded: 5_000,
      payment_intent: charge.paymentIntentId,
    };
    expect((await deliver(unmatched('charge.refunded', refunded, 30))).status).toBe(500);
    expect((await deliver(unmatched('charge.refunded', refunded, 120))).status).toBe(200);
    expect(counted('UnmatchedCharges')).toBe(1);
    expect(await getLedgerEntry(ledgerEntryId.refund(charge.chargeId, 5_000))).toBeNull();
  });
});
