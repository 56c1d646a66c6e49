import { describe, expect, it } from 'vitest';
import { planAvailability } from '../../functions/domain/availability';
import { DomainError } from '../../functions/domain/errors';
import type { Availability, NewAvailability } from '../../functions/schemas/availability';
import { newAvailability } from '../../functions/schemas/availability';

const now = new Date('2026-03-02T15:00:00Z'); // Monday 09:00 in Chicago
const chicago = 'America/Chicago';

const add = (fields: Partial<NewAvailability>): NewAvailability => ({
  date: '2026-03-04',
  startTime: '09:00',
  endTime: '11:00',
  recurring: false,
  timezone: chicago,
  ...fields,
});

const stored = (start: string, end: string, recurring: boolean, timezone = chicago): Availability => ({
  id: `${start}-${recurring}`,
  start,
  end,
  recurring,
  timezone,
});

function failure(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a domain error');
}

// Wednesday 2026-03-04 09:00–11:00 in Chicago (UTC-6).
const wednesdayMorningOnce = stored('2026-03-04T15:00:00Z', '2026-03-04T17:00:00Z', false);
const wednesdayMorningWeekly = stored('2026-03-04T15:00:00Z', '2026-03-04T17:00:00Z', true);

describe('planAvailability', () => {
  it('stores the wall-clock window as UTC instants', () => {
    expect(planAvailability(add({}), [], now)).toEqual({ start: '2026-03-04T15:00:00Z', end: '2026-03-04T17:00:00Z' });
  });

  it('keeps the wall-clock hours on the spring-forward day', () => {
    // 2026-03-08: Chicago moves from UTC-6 to UTC-5 at 02:00.
    expect(planAvailability(add({ date: '2026-03-08' }), [], now)).toEqual({
      start: '2026-03-08T14:00:00Z',
      end: '2026-03-08T16:00:00Z',
    });
  });

  it('ends a window at midnight with 24:00', () => {
    expect(planAvailability(add({ startTime: '22:00', endTime: '24:00' }), [], now).end).toBe('2026-03-05T06:00:00Z');
  });

  it('accepts today and refuses yesterday (Invalid Date)', () => {
    expect(() => planAvailability(add({ date: '2026-03-02' }), [], now)).not.toThrow();
    expect(failure(() => planAvailability(add({ date: '2026-03-01' }), [], now)).message).toBe(
      'Please select today or a future date for availability.',
    );
  });

  it('allows 365 days ahead but not 366', () => {
    expect(() => planAvailability(add({ date: '2027-03-02' }), [], now)).not.toThrow();
    expect(failure(() => planAvailability(add({ date: '2027-03-03' }), [], now)).code).toBe('VALIDATION_FAILED');
  });

  it('refuses an end at or before the start (Invalid Time Range)', () => {
    for (const endTime of ['09:00', '08:30']) {
      expect(failure(() => planAvailability(add({ endTime }), [], now)).message).toBe(
        'End time must be after start time.',
      );
    }
  });

  it('lets windows that only touch sit side by side', () => {
    expect(() =>
      planAvailability(add({ startTime: '11:00', endTime: '12:00' }), [wednesdayMorningOnce], now),
    ).not.toThrow();
    expect(() =>
      planAvailability(add({ startTime: '07:00', endTime: '09:00' }), [wednesdayMorningWeekly], now),
    ).not.toThrow();
  });

  it('one-time vs one-time clashes only on the same date', () => {
    expect(failure(() => planAvailability(add({ startTime: '10:00' }), [wednesdayMorningOnce], now)).code).toBe(
      'OVERLAP',
    );
    expect(() => planAvailability(add({ date: '2026-03-11' }), [wednesdayMorningOnce], now)).not.toThrow();
  });

  it('a weekly window clashes with any window on its weekday', () => {
    const nextWeek = add({ date: '2026-03-11', startTime: '10:30', endTime: '12:00' });
    expect(failure(() => planAvailability(nextWeek, [wednesdayMorningWeekly], now)).code).toBe('OVERLAP');
    expect(failure(() => planAvailability({ ...nextWeek, recurring: true }, [wednesdayMorningOnce], now)).code).toBe(
      'OVERLAP',
    );
    expect(() => planAvailability(add({ date: '2026-03-05' }), [wednesdayMorningWeekly], now)).not.toThrow();
  });

  it('containment either way is an overlap', () => {
    expect(
      failure(() => planAvailability(add({ startTime: '09:30', endTime: '10:30' }), [wednesdayMorningOnce], now)).code,
    ).toBe('OVERLAP');
    expect(
      failure(() => planAvailability(add({ startTime: '08:00', endTime: '12:00' }), [wednesdayMorningOnce], now)).code,
    ).toBe('OVERLAP');
  });

  it('compares a window kept in another time zone on the new window’s wall clock', () => {
    // 09:00–11:00 New York is 08:00–10:00 Chicago: it clashes with 09:30 Chicago, not with 10:00.
    const newYorkWeekly = stored('2026-03-04T14:00:00Z', '2026-03-04T16:00:00Z', true, 'America/New_York');
    expect(
      failure(() => planAvailability(add({ startTime: '09:30', endTime: '10:30' }), [newYorkWeekly], now)).code,
    ).toBe('OVERLAP');
    expect(() => planAvailability(add({ startTime: '10:00', endTime: '11:00' }), [newYorkWeekly], now)).not.toThrow();
  });
});

describe('newAvailability schema', () => {
  it('names the missing fields with the spec message', () => {
    const result = newAvailability.safeParse({ timezone: chicago });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain('Please select date, start time, and end time.');
  });

  it('accepts only 30-minute steps', () => {
    expect(newAvailability.safeParse({ ...add({}), startTime: '09:15' }).success).toBe(false);
    expect(newAvailability.safeParse({ ...add({}), endTime: '24:00' }).success).toBe(true);
    expect(newAvailability.safeParse({ ...add({}), startTime: '24:00' }).success).toBe(false);
  });
});
