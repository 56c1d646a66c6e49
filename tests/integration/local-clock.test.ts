import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../../bin/local/mailbox';
import { getSession } from '../../functions/data/sessions';
import { OUTCOME_WINDOW_HOURS_AFTER_END } from '../../functions/domain/outcome-window';
import { at, publishedCoach } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { bookAndPay } from '../support/paid-sessions';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

/**
 * The local stack's one clock (`/_local/clock`): moved on, every part reads the new time and each
 * job runs when its time comes on the way; tokens expire with it; a reset returns to real time.
 */

let stack: TestStack;
let coach: SignedInUser;
let mentee: SignedInUser;

beforeAll(async () => {
  stack = await startTestStack();
  coach = await publishedCoach(stack.config, { payments: true });
  mentee = await signedInUserWithProfile(stack.config, 'mentee');
});

afterAll(async () => {
  await stack?.dispose();
});

const clockControl = (body?: unknown) =>
  fetch(`${stack.apiUrl}/_local/clock`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const clockNow = async () => (await (await clockControl()).json()) as { now: string; offsetMinutes: number };

const MINUTE_MS = 60_000;

describe('the local clock', () => {
  it('runs each job at its own time on the way, and the session is over when the clock says so', async () => {
    const start = at(3, 10);
    const { session } = await bookAndPay(stack, { mentee, coach, start });
    const tokenBefore = mentee.accessToken;
    const minutesToEnd = Math.ceil((Date.parse(session.end) - Date.now()) / MINUTE_MS);

    const now = await stack.advanceClock(minutesToEnd + 5);

    expect(now.getTime()).toBeGreaterThanOrEqual(Date.parse(session.end) + 5 * MINUTE_MS - MINUTE_MS);
    expect(Math.abs(Date.now() - now.getTime())).toBeLessThan(MINUTE_MS);
    expect((await getSession(session.id))?.status).toBe('completed');
    // The reminders went out when they were due, not all at once at the end of the move.
    const reminders = (await readMailbox(stack.mailboxFile)).filter(
      (mail) => mail.to === mentee.email && mail.subject.startsWith('Reminder: your session'),
    );
    expect(reminders.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('tomorrow'),
      expect.stringContaining('in one hour'),
    ]);
    const sentBefore = reminders.map((mail) => (Date.parse(start) - Date.parse(mail.sentAt)) / MINUTE_MS);
    expect(sentBefore[0]).toBeGreaterThan(24 * 60 - 2);
    expect(sentBefore[0]).toBeLessThanOrEqual(24 * 60);
    expect(sentBefore[1]).toBeGreaterThan(60 - 2);
    expect(sentBefore[1]).toBeLessThanOrEqual(60);
    // What is left is the end of its outcome window, 48 hours after the end (docs/outcomes.md).
    expect(
      stack
        .pendingSchedules()
        .filter((schedule) => schedule.sessionId === session.id)
        .map(({ job, at }) => ({ job, at })),
    ).toEqual([
      {
        job: 'settleOutcome',
        at: new Date(Date.parse(session.end) + OUTCOME_WINDOW_HOURS_AFTER_END * 60 * MINUTE_MS).toISOString(),
      },
    ]);

    // A token issued before the move has expired by the clock, as Cognito's would; a fresh one works.
    const stale = await fetch(`${stack.apiUrl}/api/me`, { headers: { authorization: `Bearer ${tokenBefore}` } });
    expect(stale.status).toBe(401);
    expect((await fetch(`${stack.apiUrl}/api/me`, { headers: mentee.auth })).status).toBe(200);
  });

  it('answers its time and offset, refuses a move it cannot make, and returns to real time on reset', async () => {
    const { offsetMinutes } = await clockNow();
    expect(offsetMinutes).toBeGreaterThan(3 * 24 * 60);
    for (const body of [{}, { advanceMinutes: 0 }, { advanceMinutes: 1.5 }, { advanceMinutes: 1, reset: true }]) {
      expect((await clockControl(body)).status).toBe(400);
    }
    expect((await clockNow()).offsetMinutes).toBe(offsetMinutes);

    const reset = await clockControl({ reset: true });
    expect(reset.status).toBe(200);
    const back = (await reset.json()) as { now: string; offsetMinutes: number };
    expect(back.offsetMinutes).toBe(0);
    expect(Math.abs(Date.parse(back.now) - Date.now())).toBeLessThan(MINUTE_MS);
  });
});
