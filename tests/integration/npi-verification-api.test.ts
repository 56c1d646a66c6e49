import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaHandler } from '../../bin/local/lambda-modules';
import { readMailbox } from '../../bin/local/mailbox';
import { REJECTION_REASONS, TOO_MANY_NPI_CHECKS_MESSAGE } from '../../functions/domain/npi';
import { coach as coachSchema, coachList } from '../../functions/schemas/coach';
import { npiCheckAnswer, verificationView } from '../../functions/schemas/verification';
import { npiCheckJobId } from '../../functions/workflows/verification/npi-checks';
import { mentorProfile, storeProfile } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUser, signedInUserWithProfile } from '../support/users';

// The registry client gives up after 300 ms instead of 3 s, so the stand-in's 10-second NPI is a timeout at once.
process.env.NPI_REGISTRY_TIMEOUT_MS = '300';
// The directory reads its snapshot on every request, so each answer shows the latest rebuild.
process.env.DIRECTORY_MAX_AGE_SECONDS = '0';

let stack: TestStack;

const call = (user: SignedInUser, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A published mentor named Jordan Rivera, the name of the stand-in's fixtures. */
async function jordanRivera(lastName = 'Rivera'): Promise<SignedInUser> {
  const user = await signedInUser(stack.config);
  await storeProfile(mentorProfile(user.userId, { email: user.email, firstName: 'Jordan', lastName }));
  return user;
}

async function checkNpi(user: SignedInUser, npi: string) {
  const response = await call(user, 'PUT', '/api/me/npi', { npi });
  expect(response.status).toBe(202);
  return npiCheckAnswer.parse(await response.json()).verification;
}

const verificationOf = async (user: SignedInUser) =>
  verificationView.parse(await (await call(user, 'GET', '/api/me/verification')).json());
const publicCoach = async (user: SignedInUser) =>
  coachSchema.parse(await (await fetch(`${stack.apiUrl}/api/coaches/${user.userId}`)).json());
const post = (path: string, body: unknown = {}) =>
  fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.dispose();
});

describe('PUT /api/me/npi over the NPI Registry stand-in', () => {
  it('ends every fixture in its state, with the reason in words', async () => {
    const expected = {
      '1234567893': { status: 'verified', taxonomy: 'Internal Medicine' },
      '1111111112': { status: 'rejected', reason: REJECTION_REASONS.deactivated },
      '1222222220': { status: 'rejected', reason: REJECTION_REASONS.organisation },
      '1333333338': { status: 'rejected', reason: REJECTION_REASONS.notPhysician },
      '1444444446': { status: 'rejected', reason: REJECTION_REASONS.otherName },
      '1555555550': { status: 'rejected', reason: REJECTION_REASONS.notFound },
      '1666666668': { status: 'pending' },
      '1777777776': { status: 'pending' },
      '1888888884': { status: 'pending' },
      // An NPI the stand-in does not know answers "no result".
      '1000000004': { status: 'rejected', reason: REJECTION_REASONS.notFound },
    } as const;
    const fixtures = Object.entries(expected);
    const mentors = await Promise.all(fixtures.map(() => jordanRivera()));
    const results = [];
    // One after another: the local functions share this machine's two cores with the emulators.
    for (const [index, [npi, state]] of fixtures.entries()) {
      const mentor = mentors[index] as SignedInUser;
      const answered = await checkNpi(mentor, npi);
      results.push({ npi, state, answered, stored: await verificationOf(mentor), coach: await publicCoach(mentor) });
    }
    for (const { npi, state, answered, stored, coach } of results) {
      expect(answered, npi).toMatchObject(state);
      expect(stored, npi).toEqual(answered);
      expect(answered.npi).toBe(npi);
      if (state.status === 'verified') {
        expect(coach.verification).toEqual({
          status: 'verified',
          checkedAt: answered.checkedAt,
          taxonomy: state.taxonomy,
        });
      } else {
        expect(coach.verification, npi).toBeUndefined();
        expect(answered.taxonomy).toBeUndefined();
      }
      expect(JSON.stringify(coach)).not.toContain(npi);
    }
  });

  it('refuses a wrong check digit with INVALID_NPI and a field error, a mentee with 403, and a sixth check in a day with 429', async () => {
    const mentor = await jordanRivera();
    const wrong = await call(mentor, 'PUT', '/api/me/npi', { npi: '1234567894' });
    expect(wrong.status).toBe(400);
    const { error } = (await wrong.json()) as { error: { code: string; details: { field: string }[] } };
    expect(error.code).toBe('INVALID_NPI');
    expect(error.details).toEqual([expect.objectContaining({ field: 'body.npi' })]);
    expect(await verificationOf(mentor)).toEqual({ status: 'unverified' });

    const mentee = await signedInUserWithProfile(stack.config, 'mentee');
    expect((await call(mentee, 'PUT', '/api/me/npi', { npi: '1234567893' })).status).toBe(403);

    for (let check = 1; check <= 5; check++) await checkNpi(mentor, check % 2 ? '1444444446' : '1234567893');
    const sixth = await call(mentor, 'PUT', '/api/me/npi', { npi: '1234567893' });
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: { message: string } }).error.message).toBe(TOO_MANY_NPI_CHECKS_MESSAGE);
    expect(await verificationOf(mentor)).toMatchObject({ status: 'rejected', reason: REJECTION_REASONS.otherName });
  });

  it('leaves a check that timed out pending, and the retry verifies it once the registry answers', async () => {
    const mentor = await jordanRivera();
    await post('/_local/npi/outage', { mode: 'timeout' });
    try {
      expect(await checkNpi(mentor, '1234567893')).toMatchObject({ status: 'pending' });
    } finally {
      await post('/_local/npi/outage', { mode: null });
    }
    expect((await publicCoach(mentor)).verification).toBeUndefined();
    // What the retry's schedule runs, a minute later in the stack.
    await (await lambdaHandler('checkNpi'))({ sessionId: npiCheckJobId(mentor.userId, 1) });
    expect(await verificationOf(mentor)).toMatchObject({ status: 'verified', taxonomy: 'Internal Medicine' });
    expect((await publicCoach(mentor)).verification?.status).toBe('verified');
  });

  it('takes the badge away at once when the name changes, and checks again under the new name', async () => {
    const mentor = await jordanRivera();
    await checkNpi(mentor, '1234567893');
    expect((await call(mentor, 'PATCH', '/api/me', { lastName: 'Rivera-Chen' })).status).toBe(200);
    expect((await publicCoach(mentor)).verification).toBeUndefined();
    // Pending until the check it started has run, which may already have happened: never still verified.
    expect(['pending', 'rejected']).toContain((await verificationOf(mentor)).status);
    await stack.jobsSettled();
    expect(await verificationOf(mentor)).toMatchObject({ status: 'rejected', reason: REJECTION_REASONS.otherName });

    expect((await call(mentor, 'PATCH', '/api/me', { lastName: 'RIVERA' })).status).toBe(200);
    await stack.jobsSettled();
    expect((await verificationOf(mentor)).status).toBe('verified');
    expect((await publicCoach(mentor)).verification?.status).toBe('verified');
  });
});

describe('the directory', () => {
  it('filters verified physicians only, and counts with the filter', async () => {
    const [verified, unverified] = await Promise.all([jordanRivera(), jordanRivera('Okafor')]);
    await checkNpi(verified, '1234567893');
    await stack.directorySettled();
    const listing = async (query: string) =>
      coachList.parse(await (await fetch(`${stack.apiUrl}/api/coaches${query}`)).json());
    const all = await listing('');
    const onlyVerified = await listing('?verified=true');
    expect(all.coaches.map((coach) => coach.userId)).toContain(unverified.userId);
    expect(onlyVerified.coaches.map((coach) => coach.userId)).toContain(verified.userId);
    expect(onlyVerified.coaches.map((coach) => coach.userId)).not.toContain(unverified.userId);
    expect(onlyVerified.coaches.every((coach) => coach.verification?.status === 'verified')).toBe(true);
    expect(onlyVerified.matchingCount).toBe(all.coaches.filter((coach) => coach.verification).length);
    expect(onlyVerified.totalCount).toBe(all.totalCount);
    expect(all.coaches.find((coach) => coach.userId === verified.userId)?.verification?.taxonomy).toBe(
      'Internal Medicine',
    );
  });
});

describe('the monthly re-check', () => {
  it('keeps the badge when the registry cannot be reached, failing the job so it is retried and dead-lettered', async () => {
    const mentor = await jordanRivera();
    await checkNpi(mentor, '1234567893');
    await post('/_local/npi/outage', { mode: 'errors' });
    try {
      await expect((await lambdaHandler('checkNpi'))({ sessionId: mentor.userId })).rejects.toThrow(/registry/);
    } finally {
      await post('/_local/npi/outage', { mode: null });
    }
    expect((await publicCoach(mentor)).verification?.status).toBe('verified');
  });

  it('removes the badge of a mentor whose NPI was deactivated since, and e-mails them once', async () => {
    const mentor = await jordanRivera();
    await checkNpi(mentor, '1234567893');
    await post('/_local/npi/deactivate', { npi: '1234567893' });
    const recheck = async () => {
      expect((await post('/_local/npi/recheck')).status).toBe(200);
      await stack.jobsSettled();
    };
    await recheck();
    expect(await verificationOf(mentor)).toMatchObject({ status: 'rejected', reason: REJECTION_REASONS.deactivated });
    expect((await publicCoach(mentor)).verification).toBeUndefined();
    await recheck();
    const mails = (await readMailbox(stack.mailboxFile)).filter((mail) => mail.to === mentor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your "NPI verified" badge was removed');
    expect(mails[0]?.text).toContain(REJECTION_REASONS.deactivated);
  });
});
