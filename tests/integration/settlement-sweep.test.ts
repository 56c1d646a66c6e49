import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { lambdaHandler } from '../../bin/local/lambda-modules';
import { nextDailyRun } from '../../bin/local/daily-schedules';
import { armStripeFaults } from '../../bin/local/stripe-faults';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { completeEndedSession, getSession } from '../../functions/data/sessions';
import { openSettlementsEndedBefore } from '../../functions/data/settlements';
import { owedTransfers } from '../../functions/data/transfers';
import { coachNet, DEFAULT_FEE_RULE } from '../../functions/domain/fees';
import { logger } from '../../functions/runtime/log';
import { scheduler } from '../../functions/runtime/ports/scheduler';
import { at, publishedCoach, RATE_CENTS, setCoachCanReceiveTransfers } from '../support/coaches';
import { endedAgo } from '../support/bookings';
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
const lose = async (job: 'completeSession' | 'expirePendingPayment', ...sessionIds: string[]) => {
  for (const sessionId of sessionIds) await scheduler().unschedule(job, sessionId);
};

it('settles what is past its end where it can, and logs and counts the rest as SettlementsStuck', {
  timeout: 240_000,
}, async () => {
  const book = (start: string, who = coach) => bookAndPay(stack, { mentee, coach: who, start });
  // A coach whose account cannot take transfers: owed since its completion, over a week ago by the end.
  const restricted = await publishedCoach(stack.config, { payments: true });
  await setCoachCanReceiveTransfers(restricted.userId, false);
  const owed = await book(at(1, 18), restricted);
  await endedAgo(owed.session.id);
  await (await lambdaHandler('completeSession'))({ sessionId: owed.session.id });
  await lose('completeSession', owed.session.id);
  expect(await owedTransfers()).toContainEqual(expect.objectContaining({ sessionId: owed.session.id }));

  // Held past its end, never completed: Stripe refuses the sweep's first transfer (it ends first).
  const refused = await book(at(1, 6));
  // Held past its end, never completed: the sweep completes it and pays the coach.
  const neverCompleted = await book(at(1, 8));
  // Completed at its end without its transfer: paid once its outcome window is over.
  const completedUnpaid = await book(at(1, 10));
  await lose('completeSession', refused.session.id, neverCompleted.session.id, completedUnpaid.session.id);
  // Its payment never came and its expiry never ran: the sweep expires it.
  const unpaid = await bookSession(stack, { mentee, coach, start: at(1, 12), durationMinutes: 60 });
  await stack.jobsSettled();
  await lose('expirePendingPayment', unpaid.session.id);
  // Cancelled and refunded, and disputed: another path owns their money; neither is stuck.
  const cancelled = await book(at(1, 14));
  const cancel = await fetch(`${stack.apiUrl}/api/sessions/${cancelled.session.id}/cancel`, {
    method: 'POST',
    headers: { ...mentee.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'Something came up' }),
  });
  expect(cancel.status).toBe(200);
  const disputed = await book(at(1, 16));
  expect((await deliverStripeEvent(stack, await payments.openDispute(disputed.checkoutId))).status).toBe(200);
  await stack.jobsSettled();

  // To just after the last of them ended, then on for eight days: a daily sweep at 04:30 UTC each day.
  const minutesToEnd = Math.ceil((Date.parse(disputed.session.end) - Date.now()) / 60_000) + 1;
  await stack.advanceClock(minutesToEnd);
  expect(await completeEndedSession(completedUnpaid.session.id, new Date())).toBe(true);
  const warnings = vi.spyOn(logger, 'warn');
  emf = [];
  // The fault armed after the day's retry of owed transfers (03:30 UTC), for the sweep's first transfer (04:30).
  const beforeFirstSweep = Math.ceil(
    (nextDailyRun(new Date(), { hour: 4, minute: 0 }).getTime() - Date.now()) / 60_000,
  );
  await stack.advanceClock(beforeFirstSweep);
  armStripeFaults({ transfers: 1 });
  await stack.advanceClock(8 * DAY_MINUTES - beforeFirstSweep);

  for (const paid of [refused, neverCompleted, completedUnpaid]) {
    expect(await payments.findTransfer(paid.session.id)).toMatchObject({ amountCents: NET });
    expect(await getSession(paid.session.id)).toMatchObject({ status: 'completed', transferId: expect.any(String) });
  }
  expect((await getSession(unpaid.session.id))?.status).toBe('cancelled');
  expect(await payments.findTransfer(cancelled.session.id)).toBeNull();
  expect(await payments.findTransfer(disputed.session.id)).toBeNull();
  // Everything settled left the index; nothing is looked at again.
  expect(await openSettlementsEndedBefore(new Date())).toEqual([]);

  // Finance and operators read each stuck one, with its reason, in the function's log: the refused
  // transfer on the first run after its end (paid by a later one), the owed one from a week on.
  const stuck = warnings.mock.calls.filter(([message]) => message === 'settlement stuck').map(([, fields]) => fields);
  expect(stuck[0]).toMatchObject({
    kind: 'session',
    id: refused.session.id,
    coachId: coach.userId,
    amountCents: RATE_CENTS,
    reason: expect.stringMatching(/^Completing it and paying its coach failed: .*insufficient/),
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
