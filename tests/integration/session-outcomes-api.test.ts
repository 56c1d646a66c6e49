import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaHandler } from '../../bin/local/lambda-modules';
import { readMailbox } from '../../bin/local/mailbox';
import { queryAll } from '../../functions/data/dynamo';
import { keys } from '../../functions/data/keys';
import { getProfile } from '../../functions/data/profiles';
import { getSession } from '../../functions/data/sessions';
import { coachNet, DEFAULT_FEE_RULE, refundSplit } from '../../functions/domain/fees';
import { OUTCOME_WINDOW_HOURS_AFTER_END } from '../../functions/domain/outcome-window';
import { SUPPORT_GROUP } from '../../functions/domain/support-group';
import { bookingResult, sessionView } from '../../functions/schemas/session';
import { signedInStaff } from '../support/authenticator';
import { endedAgo, movedToStart, pastItsOutcomeWindow } from '../support/bookings';
import { at, publishedCoach, RATE_CENTS } from '../support/coaches';
import { paidOneSessionPlan } from '../support/plans';
import { startTestStack, type TestStack } from '../support/local-stack';
import {
  bookAndPay,
  heldForSession,
  ledgerOfSession,
  transfersOfSession,
  refundsAnswered,
} from '../support/paid-sessions';
import { type SignedInUser, signedInUser, signedInUserWithProfile } from '../support/users';
import { zoomConnected } from '../support/zoom';

/**
 * Issue 39, session outcomes: the coach is paid only for what happened. A session both joined and
 * nobody reported on is delivered at the window's end and paid once; a mentee's report of a
 * mentor who never joined refunds them in full; contradicting reports hold the money until support
 * resolves them, and it settles exactly as resolved.
 */

let stack: TestStack;
let coach: SignedInUser;
let support: SignedInUser;
let outsider: SignedInUser;

const PRICE = RATE_CENTS;
const NET = coachNet(PRICE, DEFAULT_FEE_RULE);

type Job = (event: unknown) => Promise<unknown>;
const runJob = async (name: string, sessionId: string) => ((await lambdaHandler(name)) as Job)({ sessionId });

beforeAll(async () => {
  stack = await startTestStack();
  coach = await publishedCoach(stack.config, { payments: true });
  await zoomConnected(stack, coach.userId);
  outsider = await signedInUserWithProfile(stack.config, 'mentee');
  support = await signedInStaff(stack.config, SUPPORT_GROUP);
});

afterAll(async () => {
  await stack?.dispose();
});

const call = (user: SignedInUser, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user.auth, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const report = (user: SignedInUser, sessionId: string, said: string) =>
  call(user, 'POST', `/api/sessions/${sessionId}/outcome`, { report: said });

const resolve = (user: SignedInUser, sessionId: string, body: unknown) =>
  call(user, 'POST', `/api/support/sessions/${sessionId}/resolve`, body);

const MINUTE_MS = 60_000;

/** Moves the local clock on to `minutesAfter` past `instant`: every schedule and job due on the way runs at its time. */
const clockTo = (instant: string, minutesAfter: number) =>
  stack.advanceClock(Math.ceil((Date.parse(instant) + minutesAfter * MINUTE_MS - Date.now()) / MINUTE_MS));

/** A paid hour with the coach, booked and paid by a new mentee, and the clock moved to a quarter of an hour into it. */
async function paidSessionUnderWay(days: number, hours = 9) {
  const mentee = await signedInUserWithProfile(stack.config, 'mentee');
  const paid = await bookAndPay(stack, { mentee, coach, start: at(days, hours) });
  await clockTo(paid.session.start, 15);
  return { mentee, session: paid.session, checkoutId: paid.checkoutId };
}

/** The clock moved past the session's end, then past its outcome window's end (end + 48 hours). */
async function clockPastTheWindow(session: { end: string }) {
  await clockTo(session.end, 5);
  await clockTo(session.end, OUTCOME_WINDOW_HOURS_AFTER_END * 60 + 5);
}

/** A paid hour with the coach, booked and paid by a new mentee, then moved to be on now. */
async function paidSessionOnNow(days: number) {
  const mentee = await signedInUserWithProfile(stack.config, 'mentee');
  const paid = await bookAndPay(stack, { mentee, coach, start: at(days, 9) });
  await movedToStart(paid.session.id, -15);
  return { mentee, session: paid.session, checkoutId: paid.checkoutId };
}

const transfersOf = (sessionId: string) => transfersOfSession(stack, sessionId);
const entriesOf = (sessionId: string) => ledgerOfSession(coach.userId, sessionId);
const heldInLedger = (sessionId: string) => heldForSession(coach.userId, sessionId);

/** Completion at the end, then the outcome deadline's job once the window passed: what the clock does. */
async function completeAndPassTheWindow(sessionId: string) {
  await endedAgo(sessionId);
  await runJob('completeSession', sessionId);
  await stack.jobsSettled();
  await pastItsOutcomeWindow(sessionId);
  await runJob('settleOutcome', sessionId);
  await stack.jobsSettled();
}

const viewOf = async (user: SignedInUser, sessionId: string) => {
  const response = await call(user, 'GET', `/api/sessions/${sessionId}`);
  expect(response.status).toBe(200);
  return sessionView.parse(await response.json());
};

describe('a paid session both joined and nobody reported on', () => {
  it('holds the money at its end, is delivered at the window’s end, and pays the coach once', async () => {
    const { mentee, session } = await paidSessionUnderWay(2);
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/join`)).status).toBe(200);
    expect((await call(coach, 'POST', `/api/sessions/${session.id}/join`)).status).toBe(200);
    expect((await viewOf(mentee, session.id)).joined).toEqual({ coach: true, mentee: true });

    // Its completion schedule runs at the end: the old rule paid here.
    await clockTo(session.end, 5);
    expect(transfersOf(session.id)).toEqual([]);
    const completed = await getSession(session.id);
    expect(completed).toMatchObject({ status: 'completed' });
    expect(completed?.outcome).toBeUndefined();
    const pending = await viewOf(mentee, session.id);
    expect(pending.outcome).toMatchObject({ state: 'pending', reports: [] });
    expect(Date.parse(pending.outcome?.windowEndsAt as string)).toBe(
      Date.parse(session.end) + OUTCOME_WINDOW_HOURS_AFTER_END * 60 * MINUTE_MS,
    );
    await clockTo(session.end, OUTCOME_WINDOW_HOURS_AFTER_END * 60 - 5);
    expect(transfersOf(session.id)).toEqual([]);

    // The outcome deadline's schedule runs at end + 48 hours.
    await clockTo(session.end, OUTCOME_WINDOW_HOURS_AFTER_END * 60 + 5);
    expect((await viewOf(coach, session.id)).outcome?.state).toBe('delivered');
    await runJob('settleOutcome', session.id);
    await runJob('completeSession', session.id);
    await stack.jobsSettled();
    expect(transfersOf(session.id)).toHaveLength(1);
    expect(transfersOf(session.id)[0]?.params.amount).toBe(String(NET));
    expect(await heldInLedger(session.id)).toBe(0);
    expect((await entriesOf(session.id)).filter((entry) => entry.kind === 'transfer')).toHaveLength(1);
  });

  it('is delivered at once when both say it happened, and paid at its end, not before', async () => {
    const { mentee, session } = await paidSessionUnderWay(2);
    expect((await report(mentee, session.id, 'happened')).status).toBe(200);
    const both = await report(coach, session.id, 'happened');
    expect(both.status).toBe(200);
    expect(sessionView.parse(await both.json()).outcome).toMatchObject({
      state: 'delivered',
      reports: [
        { by: 'mentee', report: 'happened' },
        { by: 'coach', report: 'happened' },
      ],
    });
    expect(transfersOf(session.id)).toEqual([]);
    await clockTo(session.end, 5);
    expect(transfersOf(session.id)).toHaveLength(1);
    // A rating is possible once it was delivered.
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/rating`, { rating: 5 })).status).toBe(201);
  });
});

describe("a mentee's report that the mentor never showed up", () => {
  it('refunds the mentee in full at once and never pays the coach', async () => {
    const { mentee, session, checkoutId } = await paidSessionUnderWay(2);
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/join`)).status).toBe(200);
    const reported = await report(mentee, session.id, 'mentor_no_show');
    expect(reported.status).toBe(200);
    expect(sessionView.parse(await reported.json()).outcome?.state).toBe('mentor_no_show');
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    expect((await getSession(session.id))?.refund).toMatchObject({ status: 'succeeded', amountCents: PRICE });
    const [refunded] = (await readMailbox(stack.mailboxFile)).filter(
      (mail) => mail.to === mentee.email && mail.subject.startsWith('Refund confirmed'),
    );
    expect(refunded?.text).toContain(`Your refund of $${PRICE / 100} for the mentoring session with`);

    await clockPastTheWindow(session);
    expect(transfersOf(session.id)).toEqual([]);
    expect((await entriesOf(session.id)).map((entry) => [entry.kind, entry.refundCents])).toEqual(
      expect.arrayContaining([['refund', PRICE]]),
    );
    expect(await heldInLedger(session.id)).toBe(0);
    // Settled: no second report changes it, and it cannot be rated.
    const again = await report(coach, session.id, 'happened');
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('OUTCOME_FINAL');
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/rating`, { rating: 1 })).status).toBe(409);
  });

  it('is disputed when the mentor did join, and holds the money', async () => {
    const { mentee, session, checkoutId } = await paidSessionOnNow(12);
    expect((await call(coach, 'POST', `/api/sessions/${session.id}/join`)).status).toBe(200);
    const reported = await report(mentee, session.id, 'mentor_no_show');
    expect(sessionView.parse(await reported.json()).outcome?.state).toBe('disputed');
    await completeAndPassTheWindow(session.id);
    expect(transfersOf(session.id)).toEqual([]);
    expect(await refundsAnswered(stack, checkoutId)).toBe(0);
  });

  it('unpublishes the coach at the second in 90 days and tells them why', async () => {
    const own = await publishedCoach(stack.config, { payments: true });
    for (const days of [4, 5]) {
      const mentee = await signedInUserWithProfile(stack.config, 'mentee');
      const { session } = await bookAndPay(stack, { mentee, coach: own, start: at(days, 9) });
      await movedToStart(session.id, -15);
      expect((await getProfile(own.userId))?.published).toBe(true);
      expect((await report(mentee, session.id, 'mentor_no_show')).status).toBe(200);
    }
    expect((await getProfile(own.userId))?.published).toBe(false);
    const mails = (await readMailbox(stack.mailboxFile)).filter((mail) => mail.to === own.email);
    expect(mails.map((mail) => mail.subject)).toContain('Your profile was unpublished after missed sessions');
  });
});

describe("a mentor's no-show of a session without a payment", () => {
  it('gives a plan session’s credit back, and pays nothing', async () => {
    const own = await publishedCoach(stack.config, { payments: true });
    const { mentee, creditsLeft, book } = await paidOneSessionPlan(stack, own);
    const booked = await book(at(13, 9));
    expect(booked.status).toBe(201);
    const { session } = bookingResult.parse(await booked.json());
    expect(await creditsLeft()).toBe(0);
    await movedToStart(session.id, -15);

    const reported = await report(mentee, session.id, 'mentor_no_show');
    expect(sessionView.parse(await reported.json()).outcome?.state).toBe('mentor_no_show');
    expect(await creditsLeft()).toBe(1);
    await completeAndPassTheWindow(session.id);
    expect(transfersOf(session.id)).toEqual([]);
  });
});

describe('reporting', () => {
  it('is open from 10 minutes after the start to 48 hours after the end, to the two parties only', async () => {
    const { mentee, session } = await paidSessionOnNow(6);
    await movedToStart(session.id, -5);
    const early = await report(mentee, session.id, 'happened');
    expect(early.status).toBe(400);
    expect((await early.json()).error.code).toBe('OUTCOME_WINDOW_CLOSED');
    await movedToStart(session.id, -15);
    expect((await report(outsider, session.id, 'happened')).status).toBe(403);
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/outcome`, { report: 'maybe' })).status).toBe(400);
    await pastItsOutcomeWindow(session.id);
    expect((await report(mentee, session.id, 'happened')).status).toBe(400);
  });
});

describe('contradicting reports', () => {
  /**
   * Disputed: the coach says it happened, the mentee that the coach never came; past its window,
   * nothing moved. In the afternoon: the mornings ahead hold the earlier tests' bookings.
   */
  async function disputedSession() {
    const paid = await paidSessionUnderWay(2, 15);
    expect((await report(coach, paid.session.id, 'happened')).status).toBe(200);
    const reported = await report(paid.mentee, paid.session.id, 'mentor_no_show');
    expect(sessionView.parse(await reported.json()).outcome?.state).toBe('disputed');
    await clockPastTheWindow(paid.session);
    expect((await getSession(paid.session.id))?.status).toBe('completed');
    expect(transfersOf(paid.session.id)).toEqual([]);
    expect(await refundsAnswered(stack, paid.checkoutId)).toBe(0);
    expect(await heldInLedger(paid.session.id)).toBe(NET);
    return paid;
  }

  it('are resolved by support only, with two-step verification', async () => {
    const { mentee, session } = await disputedSession();
    const body = { resolution: 'pay_coach', note: 'Zoom shows both' };
    expect((await resolve(mentee, session.id, body)).status).toBe(403);
    const staffWithoutCode = await signedInUser(stack.config, undefined, [SUPPORT_GROUP]);
    const noMfa = await resolve(staffWithoutCode, session.id, body);
    expect(noMfa.status).toBe(403);
    expect((await noMfa.json()).error.code).toBe('MFA_REQUIRED');
    expect((await resolve(support, session.id, { resolution: 'pay_coach' })).status).toBe(400);
    expect(transfersOf(session.id)).toEqual([]);
  });

  it('pay the coach once when support says so, audited', async () => {
    const { session } = await disputedSession();
    const resolved = await resolve(support, session.id, { resolution: 'pay_coach', note: 'Zoom shows both joined' });
    expect(resolved.status).toBe(200);
    expect((await resolve(support, session.id, { resolution: 'refund_mentee', note: 'again' })).status).toBe(409);
    await stack.jobsSettled();
    expect(transfersOf(session.id)).toHaveLength(1);
    expect(transfersOf(session.id)[0]?.params.amount).toBe(String(NET));
    expect(await heldInLedger(session.id)).toBe(0);
    const resolution = (await getSession(session.id))?.resolution;
    expect(resolution).toMatchObject({ resolution: 'pay_coach', by: support.userId, note: 'Zoom shows both joined' });
    const audited = await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :at)',
      ExpressionAttributeValues: { ':pk': keys.audit(resolution?.at as string, '').pk, ':at': resolution?.at },
    });
    expect(audited).toEqual([
      expect.objectContaining({
        action: 'resolve_session',
        subject: `session:${session.id}`,
        actor: support.userId,
        reason: 'Zoom shows both joined',
        before: { outcome: 'disputed' },
        after: { resolution: 'pay_coach', refundCents: null },
      }),
    ]);
  });

  it('moves the money once when two resolutions of one dispute arrive together: one 200, one 409, one audit entry', async () => {
    const { session, checkoutId } = await disputedSession();
    const answers = await Promise.all([
      resolve(support, session.id, { resolution: 'pay_coach', note: 'First look' }),
      resolve(support, session.id, { resolution: 'refund_mentee', note: 'Second look' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await stack.jobsSettled();
    const resolution = (await getSession(session.id))?.resolution;
    if (resolution?.resolution === 'pay_coach') {
      expect(transfersOf(session.id)).toHaveLength(1);
      expect(await refundsAnswered(stack, checkoutId)).toBe(0);
    } else {
      expect(transfersOf(session.id)).toEqual([]);
      expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    }
    // The whole month's entries: a losing resolution's entry, had it been written, would carry its own time.
    const audited = await queryAll<{ subject: string }>({
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.audit(resolution?.at as string, '').pk },
    });
    expect(audited.filter((entry) => entry.subject === `session:${session.id}`)).toHaveLength(1);
  });

  it('refund the mentee in full when support says so, with no transfer', async () => {
    const { session, checkoutId } = await disputedSession();
    expect((await resolve(support, session.id, { resolution: 'refund_mentee', note: 'No meeting held' })).status).toBe(
      200,
    );
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    await runJob('settleOutcome', session.id);
    expect(transfersOf(session.id)).toEqual([]);
    expect(await heldInLedger(session.id)).toBe(0);
  });

  it('split as support says: the refund to the mentee, the rest’s share to the coach, the ledger to the cent', async () => {
    const { session, checkoutId } = await disputedSession();
    const refundCents = 3_333;
    const split = { resolution: 'split', refundCents, note: 'Half the session' };
    expect((await resolve(support, session.id, { ...split, refundCents: PRICE })).status).toBe(400);
    expect((await resolve(support, session.id, split)).status).toBe(200);
    await stack.jobsSettled();
    expect(await refundsAnswered(stack, checkoutId)).toBe(1);
    const fee = PRICE - NET;
    const share = NET - refundSplit({ grossCents: PRICE, platformFeeCents: fee }, refundCents).coachCents;
    expect(transfersOf(session.id).map((request) => request.params.amount)).toEqual([String(share)]);
    expect((await entriesOf(session.id)).filter((entry) => entry.kind === 'refund')).toEqual([
      expect.objectContaining({ refundCents }),
    ]);
    expect(await heldInLedger(session.id)).toBe(0);
  });
});
