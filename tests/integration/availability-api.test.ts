import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityList } from '../../functions/schemas/availability';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;
let mentor: SignedInUser;
let otherMentor: SignedInUser;
let mentee: SignedInUser;

const zone = 'America/Chicago';
const nextWeek = (weekdayOffset: number) =>
  DateTime.now()
    .setZone(zone)
    .plus({ days: 7 + weekdayOffset })
    .toISODate() as string;

const request = (user: SignedInUser, method: string, path: string, body?: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const slot = (fields: Record<string, unknown> = {}) => ({
  date: nextWeek(0),
  startTime: '09:00',
  endTime: '11:00',
  recurring: false,
  timezone: zone,
  ...fields,
});

const listOf = async (user: SignedInUser) =>
  availabilityList.parse(await (await request(user, 'GET', '/api/me/availability')).json()).availability;

beforeAll(async () => {
  stack = await startTestStack();
  [mentor, otherMentor, mentee] = await Promise.all([
    signedInUserWithProfile(stack.config, 'mentor'),
    signedInUserWithProfile(stack.config, 'mentor'),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
});

afterAll(async () => {
  await stack?.dispose();
});

describe('availability', () => {
  it('adds, lists and removes a window', async () => {
    const added = await request(mentor, 'POST', '/api/me/availability', slot({ date: nextWeek(3) }));
    expect(added.status).toBe(201);
    const window = (await added.json()) as { id: string; recurring: boolean; timezone: string };
    expect(window).toMatchObject({ recurring: false, timezone: zone });
    expect((await listOf(mentor)).map((w) => w.id)).toContain(window.id);

    expect((await request(mentor, 'DELETE', `/api/me/availability/${window.id}`)).status).toBe(204);
    expect((await listOf(mentor)).map((w) => w.id)).not.toContain(window.id);
  });

  it('refuses an overlapping window with 409 OVERLAP and the spec message', async () => {
    expect((await request(mentor, 'POST', '/api/me/availability', slot({ recurring: true }))).status).toBe(201);
    const clash = await request(
      mentor,
      'POST',
      '/api/me/availability',
      slot({ date: nextWeek(7), startTime: '10:00' }),
    );
    expect(clash.status).toBe(409);
    expect(await clash.json()).toEqual({
      error: {
        code: 'OVERLAP',
        message: 'This time slot overlaps with an existing slot on the same day. Please choose different times.',
      },
    });
  });

  it('stores exactly one of two overlapping windows added at the same moment', async () => {
    const day = nextWeek(5);
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        request(
          mentor,
          'POST',
          '/api/me/availability',
          slot({ date: day, startTime: i % 2 ? '13:00' : '13:30', endTime: '15:00' }),
        ),
      ),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const onThatDay = (await listOf(mentor)).filter((w) => DateTime.fromISO(w.start, { zone }).toISODate() === day);
    expect(onThatDay).toHaveLength(1);
  });

  it('answers 400 with the spec messages for bad windows', async () => {
    const past = await request(mentor, 'POST', '/api/me/availability', slot({ date: '2020-01-01' }));
    expect(past.status).toBe(400);
    expect(((await past.json()) as { error: { message: string } }).error.message).toBe(
      'Please select today or a future date for availability.',
    );
    const backwards = await request(
      mentor,
      'POST',
      '/api/me/availability',
      slot({ startTime: '11:00', endTime: '10:00' }),
    );
    expect(((await backwards.json()) as { error: { message: string } }).error.message).toBe(
      'End time must be after start time.',
    );
    for (const bad of [{}, slot({ startTime: '09:10' }), slot({ timezone: 'Mars/Olympus' }), slot({ extra: true })]) {
      expect((await request(mentor, 'POST', '/api/me/availability', bad)).status).toBe(400);
    }
  });

  it('never lets another user remove or see a window', async () => {
    const added = (await (
      await request(mentor, 'POST', '/api/me/availability', slot({ date: nextWeek(2) }))
    ).json()) as {
      id: string;
    };
    expect((await request(otherMentor, 'DELETE', `/api/me/availability/${added.id}`)).status).toBe(404);
    expect((await listOf(otherMentor)).map((w) => w.id)).not.toContain(added.id);
    expect((await listOf(mentor)).map((w) => w.id)).toContain(added.id);
  });

  it('is for mentors only', async () => {
    const response = await request(mentee, 'POST', '/api/me/availability', slot());
    expect(response.status).toBe(403);
  });
});
