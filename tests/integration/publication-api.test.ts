import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePublication } from '../../functions/data/coach-settings';
import { getProfile } from '../../functions/data/profiles';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;
let mentor: SignedInUser;
let mentee: SignedInUser;

const request = (user: SignedInUser, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const isListed = async (userId: string) => (await fetch(`${stack.apiUrl}/api/coaches/${userId}`)).status === 200;

beforeAll(async () => {
  stack = await startTestStack();
  [mentor, mentee] = await Promise.all([
    signedInUserWithProfile(stack.config, 'mentor'),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
});

afterAll(async () => {
  await stack?.dispose();
});

describe('publishing a mentor profile', () => {
  it('refuses an incomplete setup with 409 SETUP_INCOMPLETE listing what is missing', async () => {
    const response = await request(mentor, 'PUT', '/api/me/publication', { published: true });
    expect(response.status).toBe(409);
    const { error } = (await response.json()) as { error: { code: string; details: { item: string }[] } };
    expect(error.code).toBe('SETUP_INCOMPLETE');
    expect(error.details.map((d) => d.item)).toEqual(['profile', 'availability']);
    expect(await isListed(mentor.userId)).toBe(false);
  });

  it('publishes once rates, bio and a slot are set, and the coach appears in the directory', async () => {
    const rates = await request(mentor, 'PUT', '/api/me/rates', {
      hourlyRateCents: 18000,
      offersFreeConsult: true,
      freeConsultMinutes: 30,
      coachBio: 'I moved from the ICU to hospital leadership and help others do the same.',
    });
    expect(rates.status).toBe(200);
    const date = DateTime.now().setZone('America/Chicago').plus({ days: 3 }).toISODate();
    const slot = await request(mentor, 'POST', '/api/me/availability', {
      date,
      startTime: '18:00',
      endTime: '20:00',
      recurring: true,
      timezone: 'America/Chicago',
    });
    expect(slot.status).toBe(201);

    const checklist = await (await request(mentor, 'GET', '/api/me/publication')).json();
    expect(checklist).toEqual({
      published: false,
      ready: true,
      done: ['profile', 'availability'],
      missing: [],
      missingProfileFields: [],
    });

    expect((await request(mentor, 'PUT', '/api/me/publication', { published: true })).status).toBe(200);
    expect(await isListed(mentor.userId)).toBe(true);
    const coach = await (await fetch(`${stack.apiUrl}/api/coaches/${mentor.userId}`)).json();
    expect(coach).toMatchObject({ hourlyRateCents: 18000, offersFreeConsult: true, freeConsultMinutes: 30 });
  });

  it('always lets a mentor unpublish, which hides them from the directory', async () => {
    expect((await request(mentor, 'PUT', '/api/me/publication', { published: false })).status).toBe(200);
    expect(await isListed(mentor.userId)).toBe(false);
  });

  it('refuses rates below $1 with the spec message and keeps the stored rate', async () => {
    const response = await request(mentor, 'PUT', '/api/me/rates', { hourlyRateCents: 50, offersFreeConsult: false });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('Please enter a valid hourly rate of at least $1.00');
    const checklist = await (await request(mentor, 'GET', '/api/me/publication')).json();
    expect(checklist.done).toContain('profile');
  });

  it('never lists a profile that stopped being a mentor after the checklist was read', async () => {
    const checked = await getProfile(mentee.userId);
    if (!checked) throw new Error('the mentee has a profile');
    const staleMentor = { ...checked, userType: 'mentor' as const };
    expect(await savePublication(staleMentor, true, new Date())).toBe(false);
    expect(await isListed(mentee.userId)).toBe(false);
  });

  it('is for mentors only', async () => {
    expect((await request(mentee, 'PUT', '/api/me/publication', { published: true })).status).toBe(403);
    expect(
      (await request(mentee, 'PUT', '/api/me/rates', { hourlyRateCents: 100, offersFreeConsult: false })).status,
    ).toBe(403);
  });
});
