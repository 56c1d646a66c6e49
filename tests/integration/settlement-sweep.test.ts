import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { lambdaHandler } from '../../bin/local/lambda-modules';
import { nextDailyRun, SETTLEMENT_SWEEP_AT } from '../../bin/local/daily-schedules';
import { armStripeFaults } from '../../bin/local/stripe-faults';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { completeEndedSession, getSession } from '../../functions/data/sessions';
import { openSettlementsEndedBefore } from '../../functions/data/settlements';
import { owedTransfers } from '../../functions/data/transfers';
import { coachNet, DEFAULT_FEE_RULE } from '../../functions/domain/fees';
import { logger } from '../../functions/runtime/log';
import { scheduler } from '../../functions/runtime/ports/scheduler';
import { at, publishedCoach, RATE_CENTS, setCoachCanReceiveTransfers } from '../support/coaches';
import { pastItsOutcomeWindow } from '../support/bookings';
import { startTestStack, type TestStack } from '../support/local-stack';
import { bookAndPay, bookSession, deliverStripeEvent } from '../support/paid-sessions';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

/**
 * The daily settlement sweep, on a stack of its own (it looks at every session of the table), run by
 * the local stack's own daily schedule as the clock moves on: what is past its end and not settled is
 * settled where it can be, and the rest is logged and counted.
 */

let stack: TestStack;
let payments: LocalStripe;
let coach: SignedInUser;
let mentee: SignedInUser;
/** The EMF lines the functions wrote (metrics are on in this file). */
let emf: string[] = [];

const DAY_MINUTES = 24 * 60;
const NET = coachNet(RATE_CENTS, DEFAULT_FEE_RULE);

beforeAll(async () => {
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  stack = await startTestStack();
  payments = localStripeFromEnvironment() as LocalStripe;
  [coach, mentee] = await Promise.all([
    publishedCoach(stack.config, { payments: true }),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk, ...rest) => {
    if (String(chunk).includes('"_aws"')) emf.push(String(chunk));
    return write(chunk, ...(rest as []));
  });
});

afterAll(async () => {
  armStripeFaults({ transfers: 0 });
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await stack?.dispose();
});

/** The value of each `SettlementsStuck` the daily runs wrote out, in order. */
const stuckCounts = () =>
  emf.filter((line) => line.includes('"SettlementsStuck"')).map((line) => JSON.parse(line).SettlementsStuck as number);

/** Each session's schedule of `job` lost, as if it never ran: what the sweep is for. */
const lose = async (job: 'completeSession' | 'expirePendingPayment' | 'settleOutcome', ...sessionIds: string[]) => {
  for (const sessionId of sessionIds) await scheduler().unschedule(job, sessionId);
};

/** Moves the local stack's clock on to `instant` (to the minute after), running what fell due. */
const advanceTo = (instant: Date) => stack.advanceClock(Math.ceil((instant.getTime() - Date.now()) / 60_000));

const afterMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000);

const call = (user: SignedInUser, path: string, body: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('settles what is past its end where it can, and logs and counts the rest as SettlementsStuck', {
  timeout: 240_000,
}, async () => {
  const book = (start: string, who = coach) => bookAndPay(stack, { mentee, coach: who, start });
  // A coach whose account cannot take transfers: owed since its outcome was delivered, over a week ago by the end.
  const restricted = await publishedCoach(stack.config, { payments: true });
  await setCoachCanReceiveTransfers(restricted.userId, false);
  const owed = await book(at(1, 18), restricted);
  await pastItsOutcomeWindow(owed.session.id);
  await (await lambdaHandler('completeSession'))({ sessionId: owed.session.id });
  await lose('completeSession', owed.session.id);
  expect(await owedTransfers()).toContainEqual(expect.objectContaining({ sessionId: owed.session.id }));

  // Disputed by its parties' reports: support decides its money; the sweep waits on support, never stuck.
  const withSupport = await book(at(1, 4));
  // Held past its end, never completed, its outcome deadline lost: Stripe refuses the sweep's transfer.
  const refused = await book(at(1, 6));
  // Held past its end, never completed: the sweep completes it; its outcome deadline pays the coach.
  const neverCompleted = await book(at(1, 8));
  // Completed at its end, no outcome deadline: the sweep delivers it and pays the coach past its window.
  const completedUnpaid = await book(at(1, 10));
  await lose('completeSession', refused.session.id, neverCompleted.session.id, completedUnpaid.session.id);
  // Its payment never came and its expiry never ran: the sweep expires it.
  const unpaid = await bookSession(stack, { mentee, coach, start: at(1, 12), durationMinutes: 60 });
  await stack.jobsSettled();
  await lose('expirePendingPayment', unpaid.session.id);
  // Cancelled and refunded, and its charge disputed: another path owns their money; neither is stuck.
  const cancelled = await book(at(1, 14));
  const cancel = await call(mentee, `/api/sessions/${cancelled.session.id}/cancel`, { reason: 'Something came up' });
  expect(cancel.status).toBe(200);
  const disputed = await book(at(1, 16));
  expect((await deliverStripeEvent(stack, await payments.openDispute(disputed.checkoutId))).status).toBe(200);
  await stack.jobsSettled();

  // To just after the last of them ended: the two parties of one contradict each other.
  const lastEnded = await advanceTo(afterMinutes(disputed.session.end, 1));
  expect(await completeEndedSession(completedUnpaid.session.id, new Date())).toBe(true);
  const reported = `/api/sessions/${withSupport.session.id}/outcome`;
  expect((await call(coach, reported, { report: 'happened' })).status).toBe(200);
  expect((await call(mentee, reported, { report: 'mentor_no_show' })).status).toBe(200);
  expect((await getSession(withSupport.session.id))?.outcome).toBe('disputed');
  const warnings = vi.spyOn(logger, 'warn');
  const infos = vi.spyOn(logger, 'info');
  emf = [];

  // Past the next sweep (04:30 UTC): it completed the two held ones, pays nobody inside a window.
  await advanceTo(afterMinutes(nextDailyRun(new Date(), SETTLEMENT_SWEEP_AT).toISOString(), 30));
  for (const held of [refused, neverCompleted]) expect((await getSession(held.session.id))?.status).toBe('completed');
  for (const inWindow of [refused, neverCompleted, completedUnpaid]) {
    expect(await payments.findTransfer(inWindow.session.id)).toBeNull();
  }
  expect((await getSession(unpaid.session.id))?.status).toBe('cancelled');
  await lose('settleOutcome', refused.session.id);

  // The outcome deadline paid the never-completed one at its window's end. The fault is armed after
  // that day's retry of owed transfers (03:30 UTC), for the sweep's first transfer (04:30): the refused one's.
  await advanceTo(nextDailyRun(afterMinutes(refused.session.end, 48 * 60), { hour: 4, minute: 0 }));
  expect(await payments.findTransfer(neverCompleted.session.id)).toMatchObject({ amountCents: NET });
  for (const unsettled of [refused, completedUnpaid]) {
    expect(await payments.findTransfer(unsettled.session.id)).toBeNull();
    expect((await getSession(unsettled.session.id))?.outcome).toBeUndefined();
  }
  armStripeFaults({ transfers: 1 });
  await advanceTo(afterMinutes(lastEnded.toISOString(), 8 * DAY_MINUTES));

  for (const paid of [refused, neverCompleted, completedUnpaid]) {
    expect(await payments.findTransfer(paid.session.id)).toMatchObject({ amountCents: NET });
    expect(await getSession(paid.session.id)).toMatchObject({
      status: 'completed',
      outcome: 'delivered',
      transferId: expect.any(String),
      // One failed try for the refused one, none for the others: each paid once.
      ...(paid === refused ? { transferAttempts: 1 } : {}),
    });
  }
  expect(await payments.findTransfer(cancelled.session.id)).toBeNull();
  expect(await payments.findTransfer(disputed.session.id)).toBeNull();
  expect(await payments.findTransfer(withSupport.session.id)).toBeNull();
  expect((await getSession(withSupport.session.id))?.outcome).toBe('disputed');
  // Everything settled left the index; only the one support has yet to decide is looked at again.
  expect(await openSettlementsEndedBefore(new Date())).toEqual([withSupport.session.id]);
  const waitingOnSupport = infos.mock.calls.filter(([message]) => message === 'settlement waiting on support');
  expect(waitingOnSupport).toHaveLength(8);
  expect(waitingOnSupport.map(([, fields]) => fields)).toEqual(
    waitingOnSupport.map(() => expect.objectContaining({ sessionId: withSupport.session.id })),
  );

  // Finance and operators read each stuck one, with its reason, in the function's log: the refused
  // transfer on the sweep's first run past its window (paid by the next day's retry), the owed one from a week on.
  const stuck = warnings.mock.calls.filter(([message]) => message === 'settlement stuck').map(([, fields]) => fields);
  expect(stuck[0]).toMatchObject({
    kind: 'session',
    id: refused.session.id,
    coachId: coach.userId,
    amountCents: RATE_CENTS,
    reason: expect.stringMatching(/^Delivering it and paying its coach failed: .*insufficient/),
  });
  expect(stuck.slice(1)).toEqual(
    stuck.slice(1).map(() =>
      expect.objectContaining({
        kind: 'owed_transfer',
        id: owed.session.id,
        coachId: restricted.userId,
        amountCents: NET,
        reason: expect.stringContaining('capabilities'),
      }),
    ),
  );
  expect(stuck.length).toBeGreaterThan(1);
  // One count per daily run, 0 on the days nothing was stuck: the alarm reads each day's.
  const counts = stuckCounts();
  expect(counts).toHaveLength(8);
  expect(counts.filter((count) => count > 0)).toEqual(stuck.map(() => 1));
  expect(counts.at(-1)).toBe(1);
});
