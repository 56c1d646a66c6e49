import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTE_API_PREFIX } from '../../bin/local/api-server';
import { ORIGIN_HEADER } from '../../functions/adapters/origin-secret';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { DAILY_QUOTAS, quotaDay } from '../../functions/domain/quotas';
import { freshKeyAt } from '../../functions/http/edge-cache';
import { at, mentorProfile, publishedCoach, storeProfile } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;
let mentee: SignedInUser;

const api = (path: string, init: RequestInit = {}) => fetch(`${stack.apiUrl}${path}`, init);

beforeAll(async () => {
  stack = await startTestStack();
  mentee = await signedInUser(stack.config);
  await storeProfile(mentorProfile('edges-coach', { hourlyRateCents: 12_000 }));
});

afterAll(async () => {
  await stack?.dispose();
});

describe('one way in', () => {
  it("refuses a call that skips CloudFront (API Gateway's own address), whatever origin header it makes up", async () => {
    expect((await api('/api/coaches')).status).toBe(200);
    for (const headers of [{}, { [ORIGIN_HEADER]: 'guessed' }] as Record<string, string>[]) {
      const direct = await api(`${EXECUTE_API_PREFIX}/api/coaches`, { headers });
      expect(direct.status).toBe(403);
      expect(await direct.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
    const signedIn = await api(`${EXECUTE_API_PREFIX}/api/me`, { headers: mentee.auth });
    expect(signedIn.status).toBe(403);
    expect((await api(`${EXECUTE_API_PREFIX}/coaches`)).status).toBe(403);
  });

  it("takes slots' cache-busting key only as the clock's current step", async () => {
    const from = new Date(Date.now() + 60 * 60_000).toISOString();
    const to = new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString();
    const slots = (fresh: string) =>
      api(`/api/coaches/edges-coach/slots?${new URLSearchParams({ from, to, duration: '30', fresh })}`);
    expect((await slots(freshKeyAt(Date.now()))).status).toBe(200);
    for (const fresh of [String(Date.now()), freshKeyAt(Date.now() - 10 * 60_000), 'abc']) {
      const refused = await slots(fresh);
      expect(refused.status, fresh).toBe(400);
      expect((await refused.json()).error.details).toEqual([{ field: 'query.fresh', message: expect.any(String) }]);
    }
  });
});

describe('GET /api/me/export', () => {
  it("is a JSON download of the caller's profile, sessions, ratings written and messages, and nobody else's", async () => {
    const coach = await publishedCoach(stack.config, { payments: false });
    const exporter = await signedInUserWithProfile(stack.config, 'mentee');
    const stranger = await signedInUserWithProfile(stack.config, 'mentee');
    const book = (user: SignedInUser, start: string) =>
      fetch(`${stack.apiUrl}/api/sessions`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ coachId: coach.userId, start, durationMinutes: 30, freeConsultation: true }),
      });
    const mine = await book(exporter, at(2, 10));
    expect(mine.status).toBe(201);
    const theirs = await book(stranger, at(2, 12));
    expect(theirs.status).toBe(201);
    const theirSessionId = (await theirs.json()).session.id as string;
    const message = (from: SignedInUser, to: string, body: string) =>
      fetch(`${stack.apiUrl}/api/messages`, {
        method: 'POST',
        headers: { ...from.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ to, body }),
      });
    expect((await message(exporter, coach.userId, 'Could we talk about informatics fellowships?')).status).toBe(201);
    expect((await message(stranger, coach.userId, 'A message that is not the exporter’s.')).status).toBe(201);

    const response = await api('/api/me/export', { headers: exporter.auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="physician-mentors-data-.+\.json"$/,
    );
    const data = await response.json();
    expect(data.profile).toMatchObject({ userId: exporter.userId, email: exporter.email });
    expect(data.sessions).toEqual([
      expect.objectContaining({ menteeId: exporter.userId, coachId: coach.userId, isFreeConsultation: true }),
    ]);
    expect(data.ratingsWritten).toEqual([]);
    expect(data.conversations).toEqual([
      {
        conversationId: expect.any(String),
        otherPartyId: coach.userId,
        messages: [
          expect.objectContaining({ from: exporter.userId, body: 'Could we talk about informatics fellowships?' }),
        ],
      },
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(stranger.userId);
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain(theirSessionId);
    expect(text).not.toContain('not the exporter');
    expect((await api('/api/me/export')).status).toBe(401);
  });
});

describe('daily quotas on mail-sending actions', () => {
  const book = (user: SignedInUser, coachId: string) =>
    fetch(`${stack.apiUrl}/api/sessions`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ coachId, start: at(3, 9), durationMinutes: 30, freeConsultation: true }),
    });

  it('lets a mentee book 3 free consultations a day, and no fourth', async () => {
    const booker = await signedInUserWithProfile(stack.config, 'mentee');
    const coaches = await Promise.all([1, 2, 3, 4].map(() => publishedCoach(stack.config, { payments: false })));
    for (const coach of coaches.slice(0, DAILY_QUOTAS.freeConsultationBookings)) {
      expect((await book(booker, coach.userId)).status).toBe(201);
    }
    const fourth = await book(booker, (coaches[3] as SignedInUser).userId);
    expect(fourth.status).toBe(409);
    expect((await fourth.json()).error).toEqual({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringMatching(/at most 3 free consultations a day/),
    });
    // Another mentee's quota is their own.
    const other = await signedInUserWithProfile(stack.config, 'mentee');
    expect((await book(other, (coaches[3] as SignedInUser).userId)).status).toBe(201);
  });

  it('spends no quota on a free consultation refused anyway: ten at once for one coach give one booking and nine FREE_CONSULT_USED', async () => {
    const booker = await signedInUserWithProfile(stack.config, 'mentee');
    const coach = await publishedCoach(stack.config, { payments: false });
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const response = await book(booker, coach.userId);
        return response.status === 201 ? 'booked' : ((await response.json()).error.code as string);
      }),
    );
    expect(answers.sort()).toEqual(['booked', ...Array(9).fill('FREE_CONSULT_USED')].sort());
    const uses = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.dailyQuota(booker.userId, 'freeConsultationBookings', quotaDay(new Date())),
      }),
    );
    expect(uses.Item?.uses).toBe(1);
  });

  it("refuses a mentee's cancellation once the day's are spent, and keeps the session", async () => {
    const canceller = await signedInUserWithProfile(stack.config, 'mentee');
    const coach = await publishedCoach(stack.config, { payments: false });
    const booked = await book(canceller, coach.userId);
    const sessionId = (await booked.json()).session.id as string;
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.dailyQuota(canceller.userId, 'cancellations', quotaDay(new Date())),
          uses: DAILY_QUOTAS.cancellations,
        },
      }),
    );
    const cancel = await fetch(`${stack.apiUrl}/api/sessions/${sessionId}/cancel`, {
      method: 'POST',
      headers: { ...canceller.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Something came up, see https://evil.example/x' }),
    });
    expect(cancel.status).toBe(409);
    expect((await cancel.json()).error.code).toBe('QUOTA_EXCEEDED');
    const session = await (await api(`/api/sessions/${sessionId}`, { headers: canceller.auth })).json();
    expect(session.status).not.toBe('cancelled');
  });
});
