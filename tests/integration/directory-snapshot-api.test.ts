import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_SNAPSHOT_KEY } from '../../functions/adapters/directory-snapshot';
import { s3BucketFromEnvironment } from '../../functions/adapters/s3-bucket';
import { coachList } from '../../functions/schemas/coach';
import { publishedCoach } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import type { SignedInUser } from '../support/users';
import { directorySnapshot } from '../../functions/runtime/ports/directory-snapshot';

// The directory function reads the snapshot on every request here (no copy kept in memory), so each
// answer shows the snapshot as it is at that moment.
process.env.DIRECTORY_MAX_AGE_SECONDS = '0';

let stack: TestStack;
let coach: SignedInUser;
const BIO = 'I help physicians move into leadership roles.';

const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${stack.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...coach.auth, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

const directory = async () => coachList.parse(await (await fetch(`${stack.apiUrl}/api/coaches`)).json());
const card = async () => (await directory()).coaches.find((each) => each.userId === coach.userId);
const snapshotTag = async () => {
  const answer = await directorySnapshot().read();
  return answer.state === 'current' ? answer.etag : answer.state;
};

beforeAll(async () => {
  stack = await startTestStack();
  coach = await publishedCoach(stack.config, { payments: true, specialty: 'Cardiology' });
  await stack.directorySettled();
});

afterAll(async () => {
  await stack?.dispose();
});

describe('the directory snapshot', () => {
  it('is built from the stream once a coach is published, and the directory reads it', async () => {
    const snapshot = await directorySnapshot().read();
    expect(snapshot.state).toBe('current');
    if (snapshot.state !== 'current') return;
    expect(snapshot.coaches.map((each) => each.userId)).toEqual([coach.userId]);
    expect(await card()).toMatchObject({ lastName: 'Coach', specialty: 'Cardiology' });
  });

  it('follows a coach who edits, unpublishes and publishes again', async () => {
    expect((await call('/api/me', { method: 'PATCH', body: { lastName: 'Aardvark' } })).status).toBe(200);
    await stack.directorySettled();
    expect(await card()).toMatchObject({ lastName: 'Aardvark' });

    const rates = { hourlyRateCents: 15_000, offersFreeConsult: false, freeConsultMinutes: 15, coachBio: BIO };
    expect((await call('/api/me/rates', { method: 'PUT', body: rates })).status).toBe(200);
    await stack.directorySettled();
    expect(await card()).toMatchObject({ hourlyRateCents: 15_000, offersFreeConsult: false });

    expect((await call('/api/me/publication', { method: 'PUT', body: { published: false } })).status).toBe(200);
    await stack.directorySettled();
    const hidden = await directory();
    expect(hidden.coaches.map((each) => each.userId)).not.toContain(coach.userId);
    expect(hidden.totalCount).toBe(0);

    expect((await call('/api/me/publication', { method: 'PUT', body: { published: true } })).status).toBe(200);
    await stack.directorySettled();
    expect(await card()).toMatchObject({ lastName: 'Aardvark', hourlyRateCents: 15_000 });
  });

  it('marks a coach offering a monthly plan, filters on it, and drops both when the plan is turned off', async () => {
    const plan = {
      monthlyPriceCents: 30_000,
      sessionsPerMonth: 2,
      sessionMinutes: 60,
      description: `Two calls a month. ${'Between the calls we keep in touch by message. '.repeat(8)}`.trim(),
      active: true,
    };
    const withPlan = () =>
      fetch(`${stack.apiUrl}/api/coaches?plan=true`).then(async (r) => coachList.parse(await r.json()));
    expect((await withPlan()).matchingCount).toBe(0);

    expect((await call('/api/me/plan', { method: 'PUT', body: plan })).status).toBe(200);
    await stack.directorySettled();
    const listed = await withPlan();
    expect(listed).toMatchObject({ matchingCount: 1, totalCount: 1 });
    expect(listed.coaches[0]?.plan).toMatchObject({
      monthlyPriceCents: 30_000,
      sessionsPerMonth: 2,
      sessionMinutes: 60,
    });
    // The card carries the description's excerpt, as it does the bios.
    expect(listed.coaches[0]?.plan?.description).toMatch(/^Two calls a month\..*…$/);
    expect(listed.coaches[0]?.plan?.description.length).toBeLessThanOrEqual(241);
    // An edit of another field keeps the coach in the plans' partition.
    expect((await call('/api/me', { method: 'PATCH', body: { subtitle: 'Chief of Medicine' } })).status).toBe(200);
    await stack.directorySettled();
    expect((await withPlan()).coaches.map((each) => each.userId)).toEqual([coach.userId]);

    expect((await call('/api/me/plan', { method: 'PUT', body: { ...plan, active: false } })).status).toBe(200);
    await stack.directorySettled();
    expect(await withPlan()).toMatchObject({ coaches: [], matchingCount: 0, totalCount: 1 });
    expect((await card())?.plan).toBeUndefined();
  });

  it('refuses a plan filter that is not true or false', async () => {
    const response = await fetch(`${stack.apiUrl}/api/coaches?plan=yes`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('is not rewritten by a profile write that changes no card field', async () => {
    const before = await snapshotTag();
    const sameRates = { hourlyRateCents: 15_000, offersFreeConsult: false, freeConsultMinutes: 15, coachBio: BIO };
    expect((await call('/api/me/rates', { method: 'PUT', body: sameRates })).status).toBe(200);
    await stack.directorySettled();
    expect(await snapshotTag()).toBe(before);
  });

  it('falls back to the directory index while there is no snapshot', async () => {
    await s3BucketFromEnvironment('MEDIA_BUCKET').remove(DIRECTORY_SNAPSHOT_KEY);
    expect(await snapshotTag()).toBe('missing');
    const body = await directory();
    expect(body.totalCount).toBe(1);
    expect(body.coaches[0]).toMatchObject({ userId: coach.userId, lastName: 'Aardvark' });
  });
});
