import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSession } from '../../functions/data/sessions';
import { NOT_RATEABLE_MESSAGE } from '../../functions/domain/ratings';
import { endedAgo, storedBooking } from '../support/bookings';
import { at, publishedCoach } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;
let coach: SignedInUser;
let mentee: SignedInUser;
let stranger: SignedInUser;

const call = (user: SignedInUser, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const MEETING_URL = 'https://zoom.example/j/123456789';

/** The current quarter hour: a one-hour session from it is on now. */
const thisQuarter = () => {
  const quarter = 15 * 60_000;
  return new Date(Math.floor(Date.now() / quarter) * quarter).toISOString().replace('.000Z', 'Z');
};

const freeConsultation = { isFreeConsultation: true, priceCents: 0, platformFeeCents: 0, meetingUrl: MEETING_URL };

beforeAll(async () => {
  stack = await startTestStack();
  coach = await publishedCoach(stack.config, { payments: false });
  [mentee, stranger] = await Promise.all([
    signedInUserWithProfile(stack.config, 'mentee'),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
});

afterAll(async () => {
  await stack?.dispose();
});

const parties = () => ({ coachId: coach.userId, menteeId: mentee.userId });
/** One free consultation per pair: each gets a coach of its own, on now unless `start` says otherwise. */
const freeConsultationWith = async (withCoach?: SignedInUser, start = thisQuarter()) => {
  const own = withCoach ?? (await publishedCoach(stack.config, { payments: false }));
  return storedBooking({ coachId: own.userId, menteeId: mentee.userId }, start, { ...freeConsultation });
};
const rate = (sessionId: string) => call(mentee, 'POST', `/api/sessions/${sessionId}/rating`, { rating: 5 });

describe('honest ratings', () => {
  it('refuses a free consultation the mentee never joined, even once it completed by the clock', async () => {
    const session = await freeConsultationWith(undefined, at(-3, 9));
    await endedAgo(session.id);
    const refused = await rate(session.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: { code: 'NOT_RATEABLE', message: NOT_RATEABLE_MESSAGE } });
    expect((await getSession(session.id))?.rated).toBeUndefined();
  });

  it('accepts a free consultation the mentee joined through the join link while it was on', async () => {
    const session = await freeConsultationWith();
    const joined = await call(mentee, 'POST', `/api/sessions/${session.id}/join`);
    expect(joined.status).toBe(200);
    expect(await joined.json()).toEqual({ meetingUrl: MEETING_URL });
    const firstJoin = (await getSession(session.id))?.menteeJoinedAt;
    expect(firstJoin).toEqual(expect.any(String));
    // A second click keeps the first time.
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/join`)).status).toBe(200);
    expect((await getSession(session.id))?.menteeJoinedAt).toBe(firstJoin);
    await endedAgo(session.id);
    const rated = await rate(session.id);
    expect(rated.status).toBe(201);
  });

  it('does not count a join days before the session, nor the coach’s join', async () => {
    const session = await freeConsultationWith(undefined, at(4, 9));
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/join`)).status).toBe(200);
    const live = await freeConsultationWith(coach);
    expect((await call(coach, 'POST', `/api/sessions/${live.id}/join`)).status).toBe(200);
    expect((await getSession(session.id))?.menteeJoinedAt).toBeUndefined();
    expect((await getSession(live.id))?.menteeJoinedAt).toBeUndefined();
  });

  it('accepts a paid session without any join', async () => {
    const session = await storedBooking(parties(), at(-5, 9), { status: 'scheduled' });
    await endedAgo(session.id);
    expect((await rate(session.id)).status).toBe(201);
  });

  it('answers 404 to a join of another user’s session and records nothing', async () => {
    const session = await freeConsultationWith();
    const refused = await call(stranger, 'POST', `/api/sessions/${session.id}/join`);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.code).toBe('NOT_FOUND');
    expect((await getSession(session.id))?.menteeJoinedAt).toBeUndefined();
    expect((await call(stranger, 'POST', '/api/sessions/no-such-session/join')).status).toBe(404);
  });
});
