import { describe, expect, it } from 'vitest';
import { mergeBusy, overlapsBusy } from '../../functions/domain/calendar-busy';
import { applyChoices, initialChoices } from '../../functions/domain/mentor-calendars';
import { slotsInWindow } from '../../functions/domain/slots';

const t = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);
const busy = (from: string, to: string) => ({ start: t(from), end: t(to) });

describe('mergeBusy', () => {
  it('joins ranges that overlap or only touch, whatever their order', () => {
    expect(
      mergeBusy([busy('11:00', '12:00'), busy('09:00', '10:00'), busy('10:00', '10:30'), busy('09:30', '09:45')]),
    ).toEqual([
      [t('09:00'), t('10:30')],
      [t('11:00'), t('12:00')],
    ]);
  });

  it('keeps a range that contains another as one', () => {
    expect(mergeBusy([busy('09:00', '17:00'), busy('10:00', '11:00')])).toEqual([[t('09:00'), t('17:00')]]);
  });

  it('drops inverted ranges and keeps a zero-length one, which still takes a slot around it', () => {
    const merged = mergeBusy([busy('09:15', '09:15'), busy('10:00', '09:00')]);
    expect(merged).toEqual([[t('09:15'), t('09:15')]]);
    expect(overlapsBusy(merged, t('09:00'), t('09:30'))).toBe(true);
    expect(overlapsBusy(merged, t('09:15'), t('09:45'))).toBe(false);
  });

  it('takes ISO strings, Dates and epoch milliseconds alike', () => {
    expect(
      mergeBusy([
        { start: '2026-03-02T09:00:00Z', end: new Date('2026-03-02T09:30:00Z') },
        { start: t('09:30'), end: t('10:00') },
      ]),
    ).toEqual([[t('09:00'), t('10:00')]]);
  });
});

describe('overlapsBusy', () => {
  const merged = mergeBusy([busy('09:00', '10:00'), busy('12:00', '13:00')]);

  it('is false for a slot that ends as busy time begins, or begins as it ends', () => {
    expect(overlapsBusy(merged, t('08:30'), t('09:00'))).toBe(false);
    expect(overlapsBusy(merged, t('10:00'), t('10:30'))).toBe(false);
  });

  it('is true for a slot that overlaps either end, lies inside, or contains busy time', () => {
    expect(overlapsBusy(merged, t('08:45'), t('09:15'))).toBe(true);
    expect(overlapsBusy(merged, t('12:45'), t('13:15'))).toBe(true);
    expect(overlapsBusy(merged, t('09:15'), t('09:45'))).toBe(true);
    expect(overlapsBusy(merged, t('11:30'), t('13:30'))).toBe(true);
  });

  it('is false between ranges, before the first and after the last, and with no busy time', () => {
    expect(overlapsBusy(merged, t('10:30'), t('11:30'))).toBe(false);
    expect(overlapsBusy(merged, t('06:00'), t('07:00'))).toBe(false);
    expect(overlapsBusy(merged, t('14:00'), t('15:00'))).toBe(false);
    expect(overlapsBusy([], t('09:00'), t('10:00'))).toBe(false);
  });
});

describe('slots with calendar busy times', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const slots = (calendarBusy: { start: number; end: number }[]) =>
    slotsInWindow({
      availability: [{ start: '2026-03-02T09:00:00Z', end: '2026-03-02T12:00:00Z', recurring: false, timezone: 'UTC' }],
      busy: calendarBusy,
      durationMinutes: 60,
      window: { from: now, to: new Date('2026-03-03T00:00:00Z') },
      now,
      noticeMinutes: 0,
    }).map((slot) => slot.start);

  it('an all-day busy event takes every slot of its day', () => {
    expect(slots([{ start: Date.parse('2026-03-02T00:00:00Z'), end: Date.parse('2026-03-03T00:00:00Z') }])).toEqual([]);
  });

  it('an event crossing midnight into the window blocks the slots it overlaps only', () => {
    expect(
      slots([busy('00:00', '10:15')].map(({ end }) => ({ start: Date.parse('2026-03-01T22:00:00Z'), end }))),
    ).toEqual(['2026-03-02T10:30:00Z', '2026-03-02T11:00:00Z']);
  });
});

describe('calendar choices', () => {
  const calendars = initialChoices([
    { id: 'primary@x', name: 'Me', primary: true },
    { id: 'clinic', name: 'Clinic', primary: false },
  ]);

  it('start with the primary calendar blocking time and receiving bookings', () => {
    expect(calendars.map((c) => [c.id, c.blocksTime, c.receivesBookings])).toEqual([
      ['primary@x', true, true],
      ['clinic', false, false],
    ]);
  });

  it('move bookings to another calendar when both are named', () => {
    const next = applyChoices(calendars, [
      { id: 'primary@x', blocksTime: true, receivesBookings: false },
      { id: 'clinic', blocksTime: true, receivesBookings: true },
    ]);
    expect(next.map((c) => c.receivesBookings)).toEqual([false, true]);
  });

  it('refuse two calendars receiving bookings, or none', () => {
    expect(() => applyChoices(calendars, [{ id: 'clinic', blocksTime: false, receivesBookings: true }])).toThrow(
      /exactly one/,
    );
    expect(() => applyChoices(calendars, [{ id: 'primary@x', blocksTime: true, receivesBookings: false }])).toThrow(
      /exactly one/,
    );
  });

  it('refuse a calendar of no connection, or one named twice', () => {
    expect(() => applyChoices(calendars, [{ id: 'elsewhere', blocksTime: true, receivesBookings: false }])).toThrow();
    expect(() =>
      applyChoices(calendars, [
        { id: 'clinic', blocksTime: true, receivesBookings: false },
        { id: 'clinic', blocksTime: false, receivesBookings: false },
      ]),
    ).toThrow(/once/);
  });
});
