import { ORIGIN_HEADER, ORIGIN_SECRET_VARIABLE } from '../../functions/adapters/origin-secret';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaHandler } from '../../bin/local/lambda-modules';
import { readMailbox } from '../../bin/local/mailbox';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { ledgerEntriesOfCoach } from '../../functions/data/ledger';
import { getSession } from '../../functions/data/sessions';
import { type HostPorts, hostPorts, provideHostPorts } from '../../functions/runtime/composition-root';
import { mailer as theProductsMailer } from '../../functions/runtime/ports/mailer';
import { payments as theProductsPayments } from '../../functions/runtime/ports/payments';
import { scheduler } from '../../functions/runtime/ports/scheduler';
import { bookingResult } from '../../functions/schemas/session';
import { finishConfirmedSession } from '../../functions/workflows/booking/confirmation';
import { at, publishedCoach } from '../support/coaches';
import { pastItsOutcomeWindow } from '../support/bookings';
import { zoomConnected } from '../support/zoom';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';
import type { JobName, JobScheduler } from '../../functions/domain/ports';

/**
 * Every follow-up of a booking happens exactly once, however its webhook or jobs are delivered:
 * killed half-way and redelivered, delivered twice at once, run twice, run out of order.
 */

let stack: TestStack;
let payments: LocalStripe;
let coach: SignedInUser;
let mentee: SignedInUser;
let original: HostPorts;

/** What the Scheduler was asked to do (its request log), by session: schedules created. */
const schedulesCreated = () =>
  stack.requestLog
    .list('scheduler')
    .filter((request) => request.action === 'CreateSchedule')
    .map((request) => decodeURIComponent(request.path.slice('/schedules/'.length)));
/** The coach's account at the Zoom stand-in, whose meetings it keeps. */
let zoomAccount: string;

type Job = (event: { sessionId: string }) => Promise<unknown>;
const job = async (name: JobName) => (await lambdaHandler(name)) as Job;

beforeAll(async () => {
  stack = await startTestStack();
  payments = localStripeFromEnvironment() as LocalStripe;
  original = { ...hostPorts() };
  coach = await publishedCoach(stack.config, { payments: true });
  zoomAccount = await zoomConnected(stack, coach.userId);
});

beforeEach(async () => {
  // A mentee may hold three unpaid sessions at once; each case books with a new one.
  mentee = await signedInUserWithProfile(stack.config, 'mentee');
});

afterEach(() => {
  provideHostPorts({
    jobs: original.jobs,
    mailer: original.mailer,
    scheduler: original.scheduler,
  });
});

/** The scheduler, with unscheduling (the payment's last step, after the status change) replaced. */
const schedulerUnscheduling = (unschedule: JobScheduler['unschedule']) => ({
  scheduler: { ...scheduler(), unschedule },
});

afterAll(async () => {
  await stack?.dispose();
});

async function book(body: Record<string, unknown>) {
  const response = await fetch(`${stack.apiUrl}/api/sessions`, {
    method: 'POST',
    headers: { ...mentee.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ coachId: coach.userId, ...body }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return bookingResult.parse(await response.json());
}

/** A paid session booked through the local checkout, and Stripe's signed event saying it is paid. */
async function paidBooking(start: string) {
  const { session, checkoutUrl } = await book({ start, durationMinutes: 30 });
  const checkoutId = new URL(checkoutUrl as string).searchParams.get('id') as string;
  const event = (await payments.settleCheckout(checkoutId, 'paid')) as { body: string; signature: string };
  return { session, event };
}

const deliver = (event: { body: string; signature: string }) =>
  fetch(`${stack.apiUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': event.signature,
      // As CloudFront adds it (functions/adapters/origin-secret.ts): this invocation skips the local server.
      [ORIGIN_HEADER]: process.env[ORIGIN_SECRET_VARIABLE] ?? '',
    },
    body: event.body,
  });

/** What the session's follow-ups did: e-mails by kind and recipient, meetings, schedules, ledger entries. */
async function effectsOf({ id: sessionId, start }: { id: string; start: string }) {
  const session = await getSession(sessionId);
  const mails = (await readMailbox(stack.mailboxFile)).filter(
    (mail) => mail.to === mentee.email && /^(Session confirmed|Reminder):/.test(mail.subject),
  );
  const coachMails = (await readMailbox(stack.mailboxFile)).filter(
    (mail) => mail.to === coach.email && mail.attachments?.[0]?.content.includes(`UID:${sessionId}@`),
  );
  const subjects = mails.map((mail) => mail.subject.split(':')[0]).sort();
  return {
    status: session?.status,
    menteeMails: subjects,
    coachConfirmations: coachMails.length,
    meetings: stack.calendarStandIns
      .meetings(zoomAccount)
      .filter((meeting) => meeting.startTime === new Date(start).toISOString()).length,
    // Its own expiry is the booking's schedule, not a follow-up.
    schedules: schedulesCreated()
      .filter((name) => name.endsWith(sessionId) && !name.startsWith('expirePendingPayment'))
      .map((name) => name.slice(0, -sessionId.length - 1))
      .sort(),
    ledger: (await ledgerEntriesOfCoach(coach.userId)).filter((entry) => entry.sessionId === sessionId).length,
  };
}

const ALL_FOLLOW_UPS_OF_A_PAID_SESSION = {
  status: 'scheduled',
  menteeMails: ['Session confirmed'],
  coachConfirmations: 1,
  meetings: 1,
  schedules: ['completeSession', 'remindDayBefore', 'remindHourBefore'],
  // The payment and Stripe's processing fee of it.
  ledger: 2,
};

/** The webhook's Lambda, called as Lambda calls it, with a deadline of its own. */
async function webhookInvocation(event: { body: string; signature: string }, deadline: number) {
  const handler = await lambdaHandler('stripeWebhook');
  const requestId = `kill-${Date.now()}`;
  const context = {
    awsRequestId: requestId,
    functionName: 'stripeWebhook',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  } as unknown as Context;
  const apiEvent = {
    version: '2.0',
    routeKey: 'POST /api/webhooks/stripe',
    rawPath: '/api/webhooks/stripe',
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': event.signature,
      // As CloudFront adds it (functions/adapters/origin-secret.ts): this invocation skips the local server.
      [ORIGIN_HEADER]: process.env[ORIGIN_SECRET_VARIABLE] ?? '',
    },
    body: event.body,
    isBase64Encoded: false,
    requestContext: { requestId, http: { method: 'POST', path: '/api/webhooks/stripe' }, timeEpoch: Date.now() },
  };
  return handler(apiEvent, context) as Promise<APIGatewayProxyStructuredResultV2>;
}

const never = () => new Promise<never>(() => undefined);
const until = (deadline: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())));

describe('the Stripe webhook, killed half-way and delivered again', () => {
  it('does every follow-up once when it timed out after the status change', async () => {
    const { session, event } = await paidBooking(at(3, 9));
    // The invocation runs out of time after paying the session and writing the ledger, while
    // unscheduling the payment's expiry: middy answers 503 at its deadline, the work left hanging.
    // The table stream cannot hand the follow-ups to their job meanwhile (its batch is read again).
    provideHostPorts({ jobs: { start: never, rerun: never }, ...schedulerUnscheduling(never) });
    // Loaded first, so the deadline measures the invocation and not a cold import on a busy machine.
    await lambdaHandler('stripeWebhook');
    // Long enough for the payment's writes on a machine running two stack files at once.
    const deadline = Date.now() + 5_000;
    expect((await webhookInvocation(event, deadline)).statusCode).toBe(503);
    provideHostPorts({ jobs: original.jobs, scheduler: original.scheduler });
    expect(await effectsOf(session)).toMatchObject({ status: 'scheduled', menteeMails: [], meetings: 0, ledger: 2 });

    // Stripe's retry, once the dead invocation's in-progress record has run out with it.
    await until(deadline + 1);
    const retry = await deliver(event);
    expect(await retry.json()).toEqual({ received: true, duplicate: false });
    await stack.jobsSettled();
    expect(await effectsOf(session)).toEqual(ALL_FOLLOW_UPS_OF_A_PAID_SESSION);

    const replay = await deliver(event);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    await stack.jobsSettled();
    expect(await effectsOf(session)).toEqual(ALL_FOLLOW_UPS_OF_A_PAID_SESSION);
  });

  it('is applied again when it threw after the status change', async () => {
    const { session, event } = await paidBooking(at(3, 11));
    provideHostPorts({
      jobs: {
        start: async () => Promise.reject(new Error('Lambda throttled the invocation')),
        rerun: async () => Promise.reject(new Error('Lambda throttled the invocation')),
      },
      ...schedulerUnscheduling(async () => Promise.reject(new Error('Scheduler throttled the request'))),
    });
    expect((await deliver(event)).status).toBe(500);
    provideHostPorts({ jobs: original.jobs, scheduler: original.scheduler });
    const retry = await deliver(event);
    expect(await retry.json()).toEqual({ received: true, duplicate: false });
    await stack.jobsSettled();
    expect(await effectsOf(session)).toEqual(ALL_FOLLOW_UPS_OF_A_PAID_SESSION);
  });

  it('has one effect when the same event is delivered twice at once', async () => {
    const { session, event } = await paidBooking(at(3, 13));
    const responses = await Promise.all([deliver(event), deliver(event)]);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    // The second is either refused while the first is applied (Stripe retries it) or answered as a duplicate.
    expect(bodies.filter((body) => body.duplicate === false)).toHaveLength(1);
    for (const [index, response] of responses.entries()) {
      if (bodies[index].duplicate !== false) expect([200, 409]).toContain(response.status);
    }
    await stack.jobsSettled();
    expect(await effectsOf(session)).toEqual(ALL_FOLLOW_UPS_OF_A_PAID_SESSION);
  });
});

describe('the finishBooking job, killed half-way and run again', () => {
  it('sends the e-mail it did not send, and nothing it did, after it threw on the second', async () => {
    // The product's own mailer (SES, at the local endpoint), taken before the test puts its own in place.
    const mailer = theProductsMailer();
    provideHostPorts({
      mailer: {
        async send(mail) {
          if (mail.to === coach.email) throw new Error('the mail service refused');
          return mailer.send(mail);
        },
      },
    });
    const { session } = await book({ start: at(4, 9), durationMinutes: 30, freeConsultation: true });
    await stack.jobsSettled();
    expect(await effectsOf(session)).toMatchObject({ menteeMails: ['Session confirmed'], coachConfirmations: 0 });
    provideHostPorts({ mailer: original.mailer });

    await (await job('finishBooking'))({ sessionId: session.id });
    await (await job('finishBooking'))({ sessionId: session.id });
    expect(await effectsOf(session)).toEqual({
      ...ALL_FOLLOW_UPS_OF_A_PAID_SESSION,
      status: 'confirmed',
      ledger: 0,
    });
  });

  it('leaves a follow-up whose run died to that run until its lease runs out, then does it once', async () => {
    provideHostPorts({ jobs: { start: async () => undefined, rerun: async () => undefined } });
    const { session } = await book({ start: at(4, 11), durationMinutes: 30, freeConsultation: true });
    // A run that dies while the mail service holds the mentee's confirmation.
    provideHostPorts({ mailer: { send: never } });
    void finishConfirmedSession(session.id, new Date());
    await expect.poll(async () => (await getSession(session.id))?.['followUp:confirmation:mentee']).toBeDefined();
    provideHostPorts({ mailer: original.mailer });

    await expect((await job('finishBooking'))({ sessionId: session.id })).rejects.toThrow(/being done by another run/);
    expect((await effectsOf(session)).menteeMails).toEqual([]);
    // Past the dead run's lease (its function timeout), the retry takes the e-mail over.
    await finishConfirmedSession(session.id, new Date(Date.now() + 60_000));
    await finishConfirmedSession(session.id, new Date(Date.now() + 60_000));
    expect(await effectsOf(session)).toMatchObject({
      menteeMails: ['Session confirmed'],
      coachConfirmations: 1,
      meetings: 1,
    });
  });

  it('has one effect when two runs race', async () => {
    provideHostPorts({ jobs: { start: async () => undefined, rerun: async () => undefined } });
    const { session } = await book({ start: at(4, 13), durationMinutes: 30, freeConsultation: true });
    const finish = await job('finishBooking');
    const runs = await Promise.allSettled([finish({ sessionId: session.id }), finish({ sessionId: session.id })]);
    // A run that meets the other one's claim fails, so its job is retried, and then finds everything done.
    for (const run of runs) if (run.status === 'rejected') expect(String(run.reason)).toMatch(/another run/);
    await finish({ sessionId: session.id });
    expect(await effectsOf(session)).toEqual({
      ...ALL_FOLLOW_UPS_OF_A_PAID_SESSION,
      status: 'confirmed',
      ledger: 0,
    });
  });
});

/**
 * A paid booking whose function dies right after its checkout opened: the table stops answering
 * there (its endpoint a port nothing listens on), so the function can neither keep the checkout on
 * the session nor withdraw it, and leaves what a process that died after the commit leaves, a
 * pending session with nothing started. Answers with the booking's response.
 */
async function paidBookingThatDiesAfterTheCheckout(body: Record<string, unknown>) {
  const stripe = theProductsPayments();
  const table = process.env.DYNAMODB_ENDPOINT;
  const answerAgain = provideHostPorts({
    payments: {
      ...stripe,
      async createCheckout(request) {
        const checkout = await stripe.createCheckout(request);
        process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:1';
        return checkout;
      },
    },
  });
  try {
    return await fetch(`${stack.apiUrl}/api/sessions`, {
      method: 'POST',
      headers: { ...mentee.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ coachId: coach.userId, ...body }),
    });
  } finally {
    process.env.DYNAMODB_ENDPOINT = table;
    answerAgain();
  }
}

describe('every job, run twice and out of order', () => {
  it('does every follow-up once from the table stream alone, whatever became of the booking after its commit', async () => {
    const { session } = await book({ start: at(4, 15), durationMinutes: 30, freeConsultation: true });
    // Nothing after the commit starts them: the stream does, once it reads the session's write.
    await stack.jobsSettled();
    const everyFollowUp = { ...ALL_FOLLOW_UPS_OF_A_PAID_SESSION, status: 'confirmed', ledger: 0 };
    expect(await effectsOf(session)).toEqual(everyFollowUp);
    // A second start (a redelivery) does nothing more.
    await (await job('finishBooking'))({ sessionId: session.id });
    expect(await effectsOf(session)).toEqual(everyFollowUp);
  });

  it('expires a paid booking whose process died before its expiry was scheduled', async () => {
    const scheduledBefore = schedulesCreated().length;
    const response = await paidBookingThatDiesAfterTheCheckout({ start: at(4, 17), durationMinutes: 30 });
    expect(response.status).toBe(503);
    await stack.jobsSettled();
    const expiries = schedulesCreated()
      .slice(scheduledBefore)
      .filter((name) => name.startsWith('expirePendingPayment-'));
    expect(expiries).toHaveLength(1);
    const sessionId = expiries[0]?.slice('expirePendingPayment-'.length);
    const stored = await getSession(sessionId as string);
    expect(stored).toMatchObject({ status: 'pending_payment', start: at(4, 17) });
    expect(stored?.checkoutId).toBeUndefined();
    stack.runPendingJobsNow('expirePendingPayment');
    await stack.jobsSettled();
    expect((await getSession(sessionId as string))?.status).toBe('cancelled');
  });

  it('reminds each party once per reminder, whatever order and however often the reminders run', async () => {
    const { session, event } = await paidBooking(at(3, 15));
    expect((await deliver(event)).status).toBe(200);
    await stack.jobsSettled();
    for (const name of ['remindHourBefore', 'remindDayBefore', 'remindHourBefore', 'remindDayBefore'] as const) {
      await (await job(name))({ sessionId: session.id });
    }
    const effects = await effectsOf(session);
    expect(effects.menteeMails).toEqual(['Reminder', 'Reminder', 'Session confirmed']);
    // No other case of this file reminds anyone.
    const coachReminders = (await readMailbox(stack.mailboxFile)).filter(
      (mail) => mail.to === coach.email && mail.subject.startsWith('Reminder'),
    );
    expect(coachReminders).toHaveLength(2);
  });

  it('keeps a paid session scheduled when its payment expiry runs after the payment, twice', async () => {
    const { session, event } = await paidBooking(at(3, 17));
    expect((await deliver(event)).status).toBe(200);
    await stack.jobsSettled();
    const expire = await job('expirePendingPayment');
    await expire({ sessionId: session.id });
    await expire({ sessionId: session.id });
    expect(await effectsOf(session)).toEqual(ALL_FOLLOW_UPS_OF_A_PAID_SESSION);
    expect((await getSession(session.id))?.refundId ?? null).toBeNull();
  });

  it('sends nothing more for a completed session: completion twice, then late reminders, expiry and follow-ups', async () => {
    const { session, event } = await paidBooking(at(3, 19));
    expect((await deliver(event)).status).toBe(200);
    await stack.jobsSettled();
    const before = await effectsOf(session);
    // Completed late, past its outcome window: delivered, so the completion also pays the coach.
    await pastItsOutcomeWindow(session.id);
    await (await job('completeSession'))({ sessionId: session.id });
    await (await job('completeSession'))({ sessionId: session.id });
    await (await job('settleOutcome'))({ sessionId: session.id });
    for (const name of ['remindDayBefore', 'remindHourBefore', 'expirePendingPayment', 'finishBooking'] as const) {
      await (await job(name))({ sessionId: session.id });
    }
    // The one ledger entry more is the coach's transfer, made by the first completion only.
    expect(await effectsOf(session)).toEqual({ ...before, status: 'completed', ledger: before.ledger + 1 });
  });

  it('does nothing for an expired unpaid session: expiry twice, then follow-ups, reminders and completion', async () => {
    const { session } = await book({ start: at(3, 21), durationMinutes: 30 });
    await (await job('expirePendingPayment'))({ sessionId: session.id });
    await (await job('expirePendingPayment'))({ sessionId: session.id });
    for (const name of ['finishBooking', 'remindDayBefore', 'remindHourBefore', 'completeSession'] as const) {
      await (await job(name))({ sessionId: session.id });
    }
    expect(await effectsOf(session)).toEqual({
      status: 'cancelled',
      menteeMails: [],
      coachConfirmations: 0,
      meetings: 0,
      schedules: [],
      ledger: 0,
    });
  });

  it('reconciles a day to the same result however often the daily job runs', async () => {
    const reconcile = (await lambdaHandler('reconcileLedger')) as (event: { day: string }) => Promise<object>;
    const day = new Date().toISOString().slice(0, 10);
    const { ranAt: _first, ...first } = (await reconcile({ day })) as { ranAt: string };
    const { ranAt: _second, ...second } = (await reconcile({ day })) as { ranAt: string };
    expect(second).toEqual(first);
  });
});
