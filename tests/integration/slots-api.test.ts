import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { profileRow } from '../../functions/data/profiles';
import { slotList } from '../../functions/schemas/coach';
import { startTestStack, type TestStack } from '../support/local-stack';

let stack: TestStack;
const zone = 'America/Chicago';
const put = (item: Record<string, unknown>) => db().send(new PutCommand({ TableName: tableName(), Item: item }));

// Next week's Wednesday 09:00–11:00 Chicago, weekly.
const wednesday = DateTime.now().setZone(zone).startOf('week').plus({ weeks: 1, days: 2 });
const at = (hour: number, minute = 0) =>
  wednesday.set({ hour, minute }).toUTC().toISO({ suppressMilliseconds: true }) as string;

function coach(userId: string, published: boolean) {
  return profileRow({
    userId,
    email: `${userId}@example.test`,
    userType: 'mentor',
    published,
    firstName: 'Slot',
    lastName: userId,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  });
}

function session(id: string, start: string, end: string, status: string, extra: Record<string, unknown> = {}) {
  const fields = { id, coachId: 'busy-coach', menteeId: 'someone', start, end, status, ...extra };
  return { ...fields, ...keys.session(id), ...keys.sessionIndexes(fields) };
}

const slots = async (coachId: string, duration = 30) => {
  const from = wednesday.startOf('day').toUTC().toISO();
  const to = wednesday.endOf('day').toUTC().toISO();
  const response = await fetch(
    `${stack.apiUrl}/api/coaches/${coachId}/slots?from=${encodeURIComponent(from ?? '')}&to=${encodeURIComponent(to ?? '')}&duration=${duration}`,
  );
  return { status: response.status, body: await response.json() };
};

beforeAll(async () => {
  stack = await startTestStack();
  const window = (coachId: string) => ({
    id: `w-${coachId}`,
    coachId,
    start: at(9),
    end: at(11),
    recurring: true,
    timezone: zone,
    createdAt: '2026-01-01T00:00:00Z',
    ...keys.availability(coachId, `w-${coachId}`),
  });
  await Promise.all([
    put(coach('free-coach', true)),
    put(coach('busy-coach', true)),
    put(coach('hidden-coach', false)),
    put(window('free-coach')),
    put(window('busy-coach')),
    put(window('hidden-coach')),
    put(session('held', at(9, 30), at(10), 'scheduled')),
    put(session('gone', at(10), at(10, 30), 'cancelled')),
    put(session('lapsed', at(10, 30), at(11), 'pending_payment', { paymentExpiresAt: '2020-01-01T00:00:00Z' })),
  ]);
});

afterAll(async () => {
  await stack?.dispose();
});

describe('GET /api/coaches/{coachId}/slots', () => {
  it('offers every half hour of the window that fits the duration', async () => {
    const { body } = await slots('free-coach');
    expect(slotList.parse(body).slots.map((s) => s.start)).toEqual([at(9), at(9, 30), at(10), at(10, 30)]);
    const hour = slotList.parse((await slots('free-coach', 60)).body);
    expect(hour.slots.map((s) => s.start)).toEqual([at(9), at(9, 30), at(10)]);
  });

  it('leaves out time a session holds, but not cancelled or lapsed pending payments', async () => {
    const { body } = await slots('busy-coach');
    expect(slotList.parse(body).slots.map((s) => s.start)).toEqual([at(9), at(10), at(10, 30)]);
  });

  it('answers 404 for an unpublished coach', async () => {
    expect((await slots('hidden-coach')).status).toBe(404);
  });

  it.each([
    ['a bad duration', '?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z&duration=45'],
    ['an end before the start', '?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z&duration=30'],
    ['more than 31 days', '?from=2026-01-01T00:00:00Z&to=2026-03-01T00:00:00Z&duration=30'],
    ['a date that is not one', '?from=yesterday&to=2026-01-02T00:00:00Z&duration=30'],
    ['no window at all', ''],
  ])('answers 400 for %s', async (_case, query) => {
    const response = await fetch(`${stack.apiUrl}/api/coaches/free-coach/slots${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });
});
