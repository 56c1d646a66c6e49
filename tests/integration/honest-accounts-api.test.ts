import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCognitoClient } from '../../bin/local/cognito';
import { readMailbox } from '../../bin/local/mailbox';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { getProfile } from '../../functions/data/profiles';
import { ratingOfSession } from '../../functions/data/session-ratings';
import { getSession } from '../../functions/data/sessions';
import { FRESH_SIGN_IN_REQUIRED_MESSAGE } from '../../functions/domain/account-deletion';
import { HEADSHOT_VARIANTS, headshotKeys, headshotVariantKey } from '../../functions/domain/headshot';
import { ledgerTotals } from '../../functions/domain/ledger';
import { type HeldItem, moneyHeldMessage, SETTLEMENT_WINDOW_MS } from '../../functions/domain/money-held';
import { UNCONFIRMED_PROFILE_DAYS } from '../../functions/domain/profile';
import { NOT_DELIVERED_MESSAGE, NOT_RATEABLE_MESSAGE } from '../../functions/domain/ratings';
import { FINANCE_GROUP } from '../../functions/http/finance';
import { coachList } from '../../functions/schemas/coach';
import { ledgerPage } from '../../functions/schemas/ledger';
import { endedAgo, pastItsOutcomeWindow, storedBooking } from '../support/bookings';
import { at, publishedCoach, RATE_CENTS } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { bookAndPay } from '../support/paid-sessions';
import {
  refreshedSignIn,
  type SignedInUser,
  signedInUser,
  signedInUserWithProfile,
  TEST_USER_PASSWORD,
} from '../support/users';
import { media } from '../../functions/runtime/ports/media';

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

let finance: SignedInUser;

beforeAll(async () => {
  stack = await startTestStack();
  finance = await signedInUser(stack.config, undefined, [FINANCE_GROUP]);
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
    // Nobody reported otherwise within its outcome window: delivered.
    await pastItsOutcomeWindow(session.id);
    const rated = await rate(session.id);
    expect(rated.status).toBe(201);
  });

  it('does not count a join days before the session, and counts the coach’s join as the coach’s', async () => {
    const session = await freeConsultationWith(undefined, at(4, 9));
    expect((await call(mentee, 'POST', `/api/sessions/${session.id}/join`)).status).toBe(200);
    const live = await freeConsultationWith(coach);
    expect((await call(coach, 'POST', `/api/sessions/${live.id}/join`)).status).toBe(200);
    expect((await getSession(session.id))?.menteeJoinedAt).toBeUndefined();
    expect((await getSession(live.id))?.menteeJoinedAt).toBeUndefined();
    expect((await getSession(live.id))?.coachJoinedAt).toEqual(expect.any(String));
  });

  it('accepts a paid session without any join, once it was delivered', async () => {
    const session = await storedBooking(parties(), at(-5, 9), { status: 'scheduled' });
    await endedAgo(session.id);
    const early = await rate(session.id);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: { code: 'NOT_RATEABLE', message: NOT_DELIVERED_MESSAGE } });
    await pastItsOutcomeWindow(session.id);
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

const paidSession = async (booker: SignedInUser, withCoach: SignedInUser, days: number) =>
  (await bookAndPay(stack, { mentee: booker, coach: withCoach, start: at(days, 9) })).session;

const today = () => new Date().toISOString().slice(0, 10);
const ledgerToday = async () => {
  const response = await call(finance, 'GET', `/api/finance/ledger?from=${today()}&to=${today()}`);
  expect(response.status).toBe(200);
  return ledgerPage.parse(await response.json());
};

const userPartition = async (userId: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId) },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

const deleteMe = (user: SignedInUser) => call(user, 'DELETE', '/api/me');

async function signInFails(email: string) {
  const client = localCognitoClient(stack.config.userPoolEndpoint);
  try {
    await expect(
      client.send(
        new InitiateAuthCommand({
          ClientId: stack.config.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: TEST_USER_PASSWORD },
        }),
      ),
    ).rejects.toThrow();
    await expect(
      client.send(new AdminGetUserCommand({ UserPoolId: stack.config.userPoolId, Username: email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  } finally {
    client.destroy();
  }
}

describe('DELETE /api/me', () => {
  it('refuses the tokens of a sign-in more than 5 minutes ago, refreshed or not, with 401 FRESH_SIGN_IN_REQUIRED, and deletes nothing', async () => {
    const user = await signedInUserWithProfile(stack.config, 'mentee');
    await stack.advanceClock(6);
    // A refresh is no new sign-in: Cognito keeps the sign-in's auth_time.
    for (const tokens of [user, await refreshedSignIn(stack.config, user)]) {
      const refused = await call(tokens, 'DELETE', '/api/me');
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({
        error: { code: 'FRESH_SIGN_IN_REQUIRED', message: FRESH_SIGN_IN_REQUIRED_MESSAGE },
      });
    }
    expect(await getProfile(user.userId)).not.toBeNull();
  });

  it('refuses a mentor with an open paid session (409 MONEY_HELD, saying what remains until when); once they cancelled it, removes their profile, listing, headshots, availability and tokens and the account, and keeps the ledger', {
    timeout: 90_000,
  }, async () => {
    const mentor = await publishedCoach(stack.config, { payments: true });
    const booker = await signedInUserWithProfile(stack.config, 'mentee');
    // Booked before the tokens below exist: the booking would call Zoom and the calendar with them.
    const session = await paidSession(booker, mentor, 3);
    const headshotUrl = `/${headshotVariantKey(mentor.userId, 'v1', HEADSHOT_VARIANTS[0].size)}`;
    const store = media();
    for (const key of headshotKeys(mentor.userId, headshotUrl)) {
      await store.put(key, Buffer.from('jpeg'), 'image/jpeg');
    }
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.profile(mentor.userId),
        UpdateExpression: 'SET headshotUrl = :url',
        ExpressionAttributeValues: { ':url': headshotUrl },
      }),
    );
    for (const item of [
      keys.meetingConnection(mentor.userId),
      keys.calendarConnection(mentor.userId),
      keys.mentorCalendar(mentor.userId, 'google'),
    ]) {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: item,
          UpdateExpression: 'SET tokens = :t',
          ExpressionAttributeValues: { ':t': 'sealed' },
        }),
      );
    }
    // The session is open and the coach's share held for them: nothing is deleted or cancelled.
    const refused = await deleteMe(mentor);
    expect(refused.status).toBe(409);
    const windowEnds = new Date(Date.parse(session.end) + SETTLEMENT_WINDOW_MS).toISOString();
    const stored = await getSession(session.id);
    const details = [
      { kind: 'sessions', count: 1, until: windowEnds },
      { kind: 'transfer', amountCents: RATE_CENTS - (stored?.platformFeeCents ?? 0), until: windowEnds },
    ];
    expect(await refused.json()).toEqual({
      error: { code: 'MONEY_HELD', message: moneyHeldMessage(details as HeldItem[], 'UTC'), details },
    });
    expect(await getProfile(mentor.userId)).toMatchObject({ published: true });
    expect(await getSession(session.id)).toMatchObject({ status: 'scheduled' });

    const cancelled = await call(mentor, 'POST', `/api/sessions/${session.id}/cancel`, { reason: 'Leaving the site' });
    expect(cancelled.status).toBe(200);
    await stack.jobsSettled();
    const before = await ledgerToday();
    expect(before.entries.some((entry) => entry.coachId === mentor.userId && entry.kind === 'payment')).toBe(true);

    expect((await deleteMe(mentor)).status).toBe(204);
    await stack.jobsSettled();

    expect(await userPartition(mentor.userId)).toEqual([]);
    for (const key of headshotKeys(mentor.userId, headshotUrl)) expect(await store.head(key)).toBeNull();
    await signInFails(mentor.email);
    expect((await fetch(`${stack.apiUrl}/api/coaches/${mentor.userId}`)).status).toBe(404);
    await stack.directorySettled();
    const listed = coachList.parse(await (await fetch(`${stack.apiUrl}/api/coaches?limit=100`)).json());
    expect(listed.coaches.map((coach) => coach.userId)).not.toContain(mentor.userId);
    expect(listed.coaches.map((coach) => coach.userId)).toContain(coach.userId);

    const refunded = await getSession(session.id);
    expect(refunded).toMatchObject({ status: 'cancelled', cancelledBy: 'coach' });
    expect(refunded?.refund).toMatchObject({ status: 'succeeded', amountCents: RATE_CENTS });
    const mails = (await readMailbox(stack.mailboxFile)).filter((mail) => mail.to === booker.email);
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Session cancelled/), expect.stringMatching(/^Refund confirmed/)]),
    );

    // Finance keeps every entry as it was (the payment and the coach's cancellation's refund), under "Deleted user".
    const after = await ledgerToday();
    const kept = after.entries.filter((entry) => before.entries.some((old) => old.id === entry.id));
    expect(kept).toEqual(before.entries);
    expect(ledgerTotals(kept)).toEqual(before.totals);
    expect(after.coachNames[mentor.userId]).toBe('Deleted user');
    expect(kept.filter((entry) => entry.sessionId === session.id).map((entry) => entry.kind)).toContain('refund');
  });

  it("cancels and refunds a mentee's paid session for the mentor, and keeps their ratings without their name", {
    timeout: 90_000,
  }, async () => {
    const mentor = await publishedCoach(stack.config, { payments: true });
    const leaving = await signedInUserWithProfile(stack.config, 'mentee');
    const past = await storedBooking({ coachId: mentor.userId, menteeId: leaving.userId }, at(-6, 9), {
      status: 'scheduled',
    });
    await pastItsOutcomeWindow(past.id);
    expect(
      (await call(leaving, 'POST', `/api/sessions/${past.id}/rating`, { rating: 4, reviewText: 'Clear advice' }))
        .status,
    ).toBe(201);
    const upcoming = await paidSession(leaving, mentor, 4);

    expect((await deleteMe(leaving)).status).toBe(204);
    await stack.jobsSettled();

    expect(await ratingOfSession(past.id)).toMatchObject({
      reviewerName: 'Deleted user',
      rating: 4,
      reviewText: 'Clear advice',
    });
    expect(await getProfile(mentor.userId)).toMatchObject({ totalRatings: 1, averageRating: 4 });
    expect(await getSession(upcoming.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'mentee',
      refund: expect.objectContaining({ status: 'succeeded', amountCents: RATE_CENTS }),
    });
    const toMentor = (await readMailbox(stack.mailboxFile)).filter((mail) => mail.to === mentor.email);
    expect(toMentor.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Session cancelled/)]),
    );
    expect(await userPartition(leaving.userId)).toEqual([]);
    await signInFails(leaving.email);
  });
});

describe('a sign-up never confirmed', () => {
  it('stores its profile to expire in 7 days (TTL), an expiry that the first sign-in removes', async () => {
    const email = `signup-${randomUUID()}@example.test`;
    const registered = await fetch(`${stack.apiUrl}/api/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userType: 'mentee',
        firstName: 'Una',
        lastName: 'Confirmed',
        email,
        password: TEST_USER_PASSWORD,
        confirmPassword: TEST_USER_PASSWORD,
        agreedToTerms: true,
      }),
    });
    expect(registered.status).toBe(202);
    const client = localCognitoClient(stack.config.userPoolEndpoint);
    try {
      const account = await client.send(
        new AdminGetUserCommand({ UserPoolId: stack.config.userPoolId, Username: email }),
      );
      const userId = account.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value as string;
      const expiresAt = (await getProfile(userId))?.expiresAt ?? 0;
      const inSevenDays = Date.now() / 1000 + UNCONFIRMED_PROFILE_DAYS * 24 * 60 * 60;
      expect(Math.abs(expiresAt - inSevenDays)).toBeLessThan(120);

      await client.send(new AdminConfirmSignUpCommand({ UserPoolId: stack.config.userPoolId, Username: email }));
      const signIn = await client.send(
        new InitiateAuthCommand({
          ClientId: stack.config.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: TEST_USER_PASSWORD },
        }),
      );
      const me = await fetch(`${stack.apiUrl}/api/me`, {
        headers: { authorization: `Bearer ${signIn.AuthenticationResult?.AccessToken}` },
      });
      expect(me.status).toBe(200);
      const kept = await getProfile(userId);
      expect(kept).toMatchObject({ userId, firstName: 'Una' });
      expect(kept?.expiresAt).toBeUndefined();
    } finally {
      client.destroy();
    }
  });
});
