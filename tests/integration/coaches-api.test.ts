import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachList } from '../../functions/schemas/coach';
import { mentorProfile, storeProfile } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';

let stack: TestStack;
const api = (path: string, init?: RequestInit) => fetch(`${stack.apiUrl}${path}`, init);

beforeAll(async () => {
  stack = await startTestStack();
  await Promise.all([
    storeProfile(
      mentorProfile('c-cardio', {
        firstName: 'Ana',
        lastName: 'Alvarez',
        specialty: 'Cardiology',
        experience: '15-20',
        areasOfInterest: ['Leadership Development'],
      }),
    ),
    storeProfile(
      mentorProfile('c-peds', {
        firstName: 'Ben',
        lastName: 'Brooks',
        specialty: 'Pediatrics',
        experience: '5-10',
        hourlyRateCents: 15000,
      }),
    ),
    storeProfile(
      mentorProfile('c-psych', {
        firstName: 'Cara',
        lastName: 'Chen',
        specialty: 'Psychiatry',
        experience: '20+',
        areasOfInterest: ['Burnout Prevention'],
      }),
    ),
    storeProfile(
      mentorProfile('c-hidden', { firstName: 'Dana', lastName: 'Diaz', specialty: 'Cardiology', published: false }),
    ),
    storeProfile(
      mentorProfile('m-mentee', { firstName: 'Eli', lastName: 'Evans', userType: 'mentee', published: true }),
    ),
  ]);
  await stack.directorySettled();
});

afterAll(async () => {
  await stack?.dispose();
});

describe('GET /api/coaches', () => {
  it('lists only published mentors, in name order, with both counts', async () => {
    const response = await api('/api/coaches');
    expect(response.status).toBe(200);
    const body = coachList.parse(await response.json());
    expect(body.coaches.map((c) => c.userId)).toEqual(['c-cardio', 'c-peds', 'c-psych']);
    expect(body).toMatchObject({ totalCount: 3, matchingCount: 3 });
  });

  it('fills the public view defaults the spec gives a coach without them', async () => {
    const body = coachList.parse(await (await api('/api/coaches?q=alvarez')).json());
    expect(body.coaches[0]).toMatchObject({
      hourlyRateCents: 7500,
      languages: ['English'],
      timezone: 'UTC',
      totalRatings: 0,
    });
  });

  it('filters by search, specialty and experience and counts the matches', async () => {
    const bySearch = coachList.parse(await (await api('/api/coaches?q=BURNOUT')).json());
    expect(bySearch.coaches.map((c) => c.userId)).toEqual(['c-psych']);
    expect(bySearch).toMatchObject({ matchingCount: 1, totalCount: 3 });

    const bySpecialty = coachList.parse(await (await api('/api/coaches?specialty=Cardiology')).json());
    expect(bySpecialty.coaches.map((c) => c.userId)).toEqual(['c-cardio']);

    const byExperience = coachList.parse(await (await api('/api/coaches?experience=15')).json());
    expect(byExperience.coaches.map((c) => c.userId)).toEqual(['c-cardio', 'c-psych']);
  });

  it('pages with a cursor without repeating or skipping a coach', async () => {
    const first = coachList.parse(await (await api('/api/coaches?limit=2')).json());
    expect(first.coaches).toHaveLength(2);
    expect(first.nextCursor).toBeDefined();
    const second = coachList.parse(
      await (await api(`/api/coaches?limit=2&cursor=${encodeURIComponent(first.nextCursor ?? '')}`)).json(),
    );
    expect([...first.coaches, ...second.coaches].map((c) => c.userId)).toEqual(['c-cardio', 'c-peds', 'c-psych']);
    expect(second.nextCursor).toBeUndefined();
  });

  it.each([
    ['an unknown experience band', '/api/coaches?experience=7'],
    ['a limit above 100', '/api/coaches?limit=1000'],
    ['a non-numeric limit', '/api/coaches?limit=ten'],
    ['an unknown parameter', '/api/coaches?admin=true'],
    ['a forged cursor', '/api/coaches?cursor=%%%not-a-cursor'],
  ])('answers 400 with details for %s', async (_case, path) => {
    const response = await api(path);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toMatch(/^[A-Z_]+$/);
    expect(body.error.message).toBeTruthy();
  });
});

describe('GET /api/coaches/{coachId}', () => {
  it('returns a published coach', async () => {
    const response = await api('/api/coaches/c-peds');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ userId: 'c-peds', firstName: 'Ben', hourlyRateCents: 15000 });
  });

  it.each([
    ['an unknown id', 'nobody'],
    ['an unpublished mentor', 'c-hidden'],
    ['a mentee', 'm-mentee'],
  ])('answers 404 for %s', async (_case, id) => {
    const response = await api(`/api/coaches/${id}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('never exposes private profile fields', async () => {
    const body = (await (await api('/api/coaches/c-cardio')).json()) as Record<string, unknown>;
    for (const field of ['email', 'stripeAccountId', 'published', 'userType', 'pk', 'dirpk'])
      expect(body).not.toHaveProperty(field);
  });
});

describe('the API edge', () => {
  it('answers an unknown /api path with the contract 404', async () => {
    const response = await api('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('serves the runtime config', async () => {
    const response = await api('/config.json');
    expect(await response.json()).toMatchObject({
      stage: 'local',
      userPoolId: expect.any(String),
      userPoolClientId: expect.any(String),
    });
  });
});
