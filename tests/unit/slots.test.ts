import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { SessionDurationMinutes } from '../../functions/domain/constants';
import { DomainError } from '../../functions/domain/errors';
import {
  type AvailabilityWindow,
  overlaps,
  type SlotRequest,
  slotsInWindow,
  type TimeInterval,
  validateSlotWindow,
} from '../../functions/domain/slots';

/** A stored window, written as wall-clock times in its zone the way the planner stores them. */
const window = (
  start: string,
  end: string,
  { recurring = false, timezone = 'America/Chicago' as string | null } = {},
): AvailabilityWindow => {
  const zone = timezone ?? 'America/Chicago';
  const utc = (local: string) =>
    DateTime.fromISO(local, { zone }).toUTC().toISO({ suppressMilliseconds: true }) as string;
  return { start: utc(start), end: utc(end), recurring, timezone };
};
const weekly = (start: string, end: string, timezone: string | null = 'America/Chicago') =>
  window(start, end, { recurring: true, timezone });

interface SlotOptions {
  now?: string;
  from?: string;
  to?: string;
  durationMinutes?: SessionDurationMinutes;
  busy?: TimeInterval[];
  noticeMinutes?: number;
}

/** Slots for a request that defaults to the whole bookable range after `now`, in 60-minute sessions. */
const slots = (availability: AvailabilityWindow[], options: SlotOptions = {}) => {
  const now = options.now ?? '2026-01-01T00:00:00Z';
  const request: SlotRequest = {
    availability,
    busy: options.busy ?? [],
    durationMinutes: options.durationMinutes ?? 60,
    window: {
      from: new Date(options.from ?? now),
      to: options.to ? new Date(options.to) : DateTime.fromISO(now).plus({ days: 30 }).toJSDate(),
    },
    now: new Date(now),
    noticeMinutes: options.noticeMinutes ?? 0,
  };
  return slotsInWindow(request);
};

const starts = (list: { start: string }[]) => list.map((slot) => slot.start);
/** Slot starts on a viewer's wall clock, e.g. '2026-03-08 09:00'. */
const localStarts = (list: { start: string }[], zone: string) =>
  list.map((slot) => DateTime.fromISO(slot.start, { zone }).toFormat('yyyy-MM-dd HH:mm'));
const byDate = (local: string[]) =>
  local.reduce<Record<string, string[]>>((days, entry) => {
    const [date, time] = entry.split(' ') as [string, string];
    days[date] = [...(days[date] ?? []), time];
    return days;
  }, {});

describe('weekly windows across daylight-saving changes', () => {
  const morning = ['09:00', '09:30', '10:00', '10:30', '11:00'];

  it('a weekly 09:00–12:00 window stays at 09:00 in Chicago across spring-forward (2026-03-08)', () => {
    const result = slots([weekly('2026-03-01T09:00', '2026-03-01T12:00')], {
      now: '2026-02-28T00:00:00Z',
      to: '2026-03-16T00:00:00Z',
    });
    expect(byDate(localStarts(result, 'America/Chicago'))).toEqual({
      '2026-03-01': morning,
      '2026-03-08': morning,
      '2026-03-15': morning,
    });
    const firstOfEachDay = starts(result).filter((_, index) => index % morning.length === 0);
    expect(firstOfEachDay).toEqual(['2026-03-01T15:00:00Z', '2026-03-08T14:00:00Z', '2026-03-15T14:00:00Z']);
  });

  it('a weekly 09:00–12:00 window stays at 09:00 in Chicago across fall-back (2026-11-01)', () => {
    const result = slots([weekly('2026-10-25T09:00', '2026-10-25T12:00')], {
      now: '2026-10-24T00:00:00Z',
      to: '2026-11-09T00:00:00Z',
    });
    expect(byDate(localStarts(result, 'America/Chicago'))).toEqual({
      '2026-10-25': morning,
      '2026-11-01': morning,
      '2026-11-08': morning,
    });
    expect(result[0]).toEqual({ start: '2026-10-25T14:00:00Z', end: '2026-10-25T15:00:00Z' });
    expect(result[5]).toEqual({ start: '2026-11-01T15:00:00Z', end: '2026-11-01T16:00:00Z' });
  });

  it('a weekly 09:00–12:00 window stays at 09:00 in London across spring-forward (2026-03-29)', () => {
    const result = slots([weekly('2026-03-22T09:00', '2026-03-22T12:00', 'Europe/London')], {
      now: '2026-03-21T00:00:00Z',
      to: '2026-03-30T00:00:00Z',
    });
    expect(byDate(localStarts(result, 'Europe/London'))).toEqual({ '2026-03-22': morning, '2026-03-29': morning });
    expect([result[0]?.start, result[5]?.start]).toEqual(['2026-03-22T09:00:00Z', '2026-03-29T08:00:00Z']);
  });

  it('a weekly 09:00–12:00 window stays at 09:00 in London across fall-back (2026-10-25)', () => {
    const result = slots([weekly('2026-10-18T09:00', '2026-10-18T12:00', 'Europe/London')], {
      now: '2026-10-17T00:00:00Z',
      to: '2026-10-26T00:00:00Z',
    });
    expect(byDate(localStarts(result, 'Europe/London'))).toEqual({ '2026-10-18': morning, '2026-10-25': morning });
    expect([result[0]?.start, result[5]?.start]).toEqual(['2026-10-18T08:00:00Z', '2026-10-25T09:00:00Z']);
  });

  it('a viewer in Tokyo gets the same UTC instants, which fall on Tuesday 00:00 before the change and Monday 23:00 after', () => {
    const result = slots([weekly('2026-03-02T09:00', '2026-03-02T10:00')], {
      now: '2026-03-01T00:00:00Z',
      to: '2026-03-10T00:00:00Z',
    });
    expect(result).toEqual([
      { start: '2026-03-02T15:00:00Z', end: '2026-03-02T16:00:00Z' },
      { start: '2026-03-09T14:00:00Z', end: '2026-03-09T15:00:00Z' },
    ]);
    expect(localStarts(result, 'Asia/Tokyo')).toEqual(['2026-03-03 00:00', '2026-03-09 23:00']);
  });

  it('a wall time skipped by spring-forward moves forward: a weekly 02:00–04:00 window opens at 03:00 CDT that Sunday', () => {
    const result = slots([weekly('2026-03-01T02:00', '2026-03-01T04:00')], {
      now: '2026-03-08T00:00:00Z',
      to: '2026-03-09T00:00:00Z',
      durationMinutes: 30,
    });
    expect(localStarts(result, 'America/Chicago')).toEqual(['2026-03-08 03:00', '2026-03-08 03:30']);
  });

  it('a window over the hour repeated by fall-back opens at the first 01:00 and gains that hour', () => {
    const result = slots([weekly('2026-10-25T01:00', '2026-10-25T03:00')], {
      now: '2026-11-01T00:00:00Z',
      to: '2026-11-02T00:00:00Z',
    });
    expect(starts(result)).toEqual([
      '2026-11-01T06:00:00Z',
      '2026-11-01T06:30:00Z',
      '2026-11-01T07:00:00Z',
      '2026-11-01T07:30:00Z',
      '2026-11-01T08:00:00Z',
    ]);
    expect(localStarts(result, 'America/Chicago')).toEqual([
      '2026-11-01 01:00',
      '2026-11-01 01:30',
      '2026-11-01 01:00',
      '2026-11-01 01:30',
      '2026-11-01 02:00',
    ]);
  });
});

describe('which days a window applies to', () => {
  const june = { now: '2026-06-01T00:00:00Z', to: '2026-06-15T00:00:00Z' };

  it('a one-off window applies only to its own date', () => {
    const result = slots([window('2026-06-02T09:00', '2026-06-02T10:00')], june);
    expect(localStarts(result, 'America/Chicago')).toEqual(['2026-06-02 09:00']);
  });

  it('a weekly window applies on its weekday every week', () => {
    const result = slots([weekly('2026-06-02T09:00', '2026-06-02T10:00')], june);
    expect(localStarts(result, 'America/Chicago')).toEqual(['2026-06-02 09:00', '2026-06-09 09:00']);
  });

  it('a weekly window also applies in weeks before its first date, as the overlap rule has it hold its weekday every week', () => {
    const result = slots([weekly('2026-06-09T09:00', '2026-06-09T10:00')], june);
    expect(localStarts(result, 'America/Chicago')).toEqual(['2026-06-02 09:00', '2026-06-09 09:00']);
  });

  it('takes the weekday on the wall clock of the window’s zone, not in UTC', () => {
    // Tuesday 20:00 in Chicago is already Wednesday in UTC.
    const result = slots([weekly('2026-06-02T20:00', '2026-06-02T21:00')], june);
    expect(localStarts(result, 'America/Chicago')).toEqual(['2026-06-02 20:00', '2026-06-09 20:00']);
  });

  it('reads a window without a time zone in America/Chicago', () => {
    const chicago = weekly('2026-06-02T09:00', '2026-06-02T10:00');
    const result = slots([{ ...chicago, timezone: null }], june);
    expect(localStarts(result, 'America/Chicago')).toEqual(['2026-06-02 09:00', '2026-06-09 09:00']);
  });

  it('reads a window with an unknown time zone in America/Chicago too', () => {
    const chicago = weekly('2026-06-02T09:00', '2026-06-02T10:00');
    const result = slots([{ ...chicago, timezone: 'Mars/Olympus_Mons' }], june);
    expect(localStarts(result, 'America/Chicago')).toEqual(['2026-06-02 09:00', '2026-06-09 09:00']);
  });

  it('skips a window whose times cannot be read', () => {
    expect(slots([{ start: 'soon', end: 'later', recurring: true, timezone: null }], june)).toEqual([]);
  });
});

describe('windows that cross midnight', () => {
  const friday = { now: '2026-06-01T00:00:00Z', to: '2026-06-08T00:00:00Z' };
  const lateEvening = [
    '2026-06-05 22:00',
    '2026-06-05 22:30',
    '2026-06-05 23:00',
    '2026-06-05 23:30',
    '2026-06-06 00:00',
    '2026-06-06 00:30',
    '2026-06-06 01:00',
  ];

  it('a weekly 22:00–02:00 window stored with its end on the next day runs into Saturday', () => {
    const result = slots([weekly('2026-06-05T22:00', '2026-06-06T02:00')], friday);
    expect(localStarts(result, 'America/Chicago')).toEqual(lateEvening);
  });

  it('a 22:00–02:00 window stored with its end on the same date (end before start) is read as continuing into the next day', () => {
    const weeklyResult = slots([weekly('2026-06-05T22:00', '2026-06-05T02:00')], friday);
    const oneOffResult = slots([window('2026-06-05T22:00', '2026-06-05T02:00')], friday);
    expect(localStarts(weeklyResult, 'America/Chicago')).toEqual(lateEvening);
    expect(localStarts(oneOffResult, 'America/Chicago')).toEqual(lateEvening);
  });

  it('offers nothing that starts within the notice, however the window is asked for', () => {
    // Friday 22:00 in Chicago is 03:00Z on Saturday: two hours before it, the 22:00 slot is the first.
    const twoHoursAhead = { ...friday, now: '2026-06-06T01:00:00Z', noticeMinutes: 120 };
    expect(
      localStarts(slots([weekly('2026-06-05T22:00', '2026-06-06T02:00')], twoHoursAhead), 'America/Chicago'),
    ).toEqual(lateEvening);
    const laterByAMinute = { ...twoHoursAhead, now: '2026-06-06T01:01:00Z' };
    expect(
      localStarts(slots([weekly('2026-06-05T22:00', '2026-06-06T02:00')], laterByAMinute), 'America/Chicago')[0],
    ).toBe('2026-06-05 22:30');
  });

  it('a window ending at midnight (stored as 00:00 the next day) offers its last slot at 23:00', () => {
    const result = slots([weekly('2026-06-05T21:00', '2026-06-06T00:00')], friday);
    expect(localStarts(result, 'America/Chicago')).toEqual([
      '2026-06-05 21:00',
      '2026-06-05 21:30',
      '2026-06-05 22:00',
      '2026-06-05 22:30',
      '2026-06-05 23:00',
    ]);
  });

  it('an occurrence that began the evening before the requested window still offers its after-midnight slots', () => {
    const saturdayFrom = DateTime.fromISO('2026-06-06T00:00', { zone: 'America/Chicago' }).toISO() as string;
    const result = slots([weekly('2026-06-05T22:00', '2026-06-06T02:00')], { ...friday, from: saturdayFrom });
    expect(localStarts(result, 'America/Chicago')).toEqual([
      '2026-06-06 00:00',
      '2026-06-06 00:30',
      '2026-06-06 01:00',
    ]);
  });
});

describe('slot steps and the 50-slot cap', () => {
  const now = '2026-06-01T00:00:00Z';

  it('15-minute sessions still start on 30-minute steps', () => {
    const result = slots([window('2026-06-02T09:00', '2026-06-02T10:00')], { now, durationMinutes: 15 });
    expect(result).toEqual([
      { start: '2026-06-02T14:00:00Z', end: '2026-06-02T14:15:00Z' },
      { start: '2026-06-02T14:30:00Z', end: '2026-06-02T14:45:00Z' },
    ]);
  });

  it('a session that ends exactly at the window’s end fits, one that runs past it does not', () => {
    expect(
      localStarts(
        slots([window('2026-06-02T09:00', '2026-06-02T09:45')], { now, durationMinutes: 15 }),
        'America/Chicago',
      ),
    ).toEqual(['2026-06-02 09:00', '2026-06-02 09:30']);
    expect(slots([window('2026-06-02T09:00', '2026-06-02T09:45')], { now, durationMinutes: 60 })).toEqual([]);
  });

  it('steps start from the window’s own start, even off the half hour', () => {
    const result = slots([window('2026-06-02T09:15', '2026-06-02T10:45')], { now });
    expect(localStarts(result, 'America/Chicago')).toEqual(['2026-06-02 09:15', '2026-06-02 09:45']);
  });

  it('a window longer than 25 hours offers at most 50 slots', () => {
    const result = slots([window('2026-06-02T00:00', '2026-06-04T00:00', { timezone: 'UTC' })], {
      now,
      durationMinutes: 30,
    });
    expect(result).toHaveLength(50);
    expect(result.at(-1)?.start).toBe('2026-06-03T00:30:00Z');
  });

  it('the cap applies per occurrence: each week of a 36-hour weekly window offers 50', () => {
    const result = slots([weekly('2026-06-01T00:00', '2026-06-02T12:00', 'UTC')], {
      now: '2026-05-31T00:00:00Z',
      to: '2026-06-14T00:00:00Z',
      durationMinutes: 30,
    });
    expect(result).toHaveLength(100);
  });

  it('past and busy slots do not use up the cap', () => {
    const result = slots([window('2026-06-02T00:00', '2026-06-04T00:00', { timezone: 'UTC' })], {
      now: '2026-06-02T04:10:00Z',
      busy: [{ start: '2026-06-02T06:00:00Z', end: '2026-06-02T08:00:00Z' }],
      durationMinutes: 30,
    });
    expect(result).toHaveLength(50);
    expect(result[0]?.start).toBe('2026-06-02T04:30:00Z');
  });

  it('returns each slot once, sorted, when windows overlap', () => {
    const result = slots(
      [
        window('2026-06-03T09:00', '2026-06-03T11:00'),
        window('2026-06-02T09:00', '2026-06-02T10:00'),
        window('2026-06-03T10:00', '2026-06-03T12:00'),
      ],
      { now },
    );
    expect(localStarts(result, 'America/Chicago')).toEqual([
      '2026-06-02 09:00',
      '2026-06-03 09:00',
      '2026-06-03 09:30',
      '2026-06-03 10:00',
      '2026-06-03 10:30',
      '2026-06-03 11:00',
    ]);
  });
});

describe('busy sessions', () => {
  const now = '2026-06-01T00:00:00Z';
  const morning = [window('2026-06-02T09:00', '2026-06-02T12:00')];
  const busyFrom = (start: string, end: string) => [
    {
      start: DateTime.fromISO(start, { zone: 'America/Chicago' }).toJSDate(),
      end: DateTime.fromISO(end, { zone: 'America/Chicago' }).toJSDate(),
    },
  ];
  const localTimes = (busy: TimeInterval[]) =>
    localStarts(slots(morning, { now, busy }), 'America/Chicago').map((local) => local.slice(11));

  it('slots that only touch a busy session remain', () => {
    expect(localTimes(busyFrom('2026-06-02T10:00', '2026-06-02T11:00'))).toEqual(['09:00', '11:00']);
  });

  it('a busy session inside a slot removes the slot', () => {
    expect(localTimes(busyFrom('2026-06-02T10:15', '2026-06-02T10:45'))).toEqual(['09:00', '11:00']);
  });

  it('a busy session containing the whole window removes every slot', () => {
    expect(localTimes(busyFrom('2026-06-02T08:00', '2026-06-02T13:00'))).toEqual([]);
  });

  it('a zero-length busy block removes the slot it falls strictly inside, not the slots it touches', () => {
    expect(localTimes(busyFrom('2026-06-02T10:00', '2026-06-02T10:00'))).toEqual(['09:00', '10:00', '10:30', '11:00']);
  });

  it('busy sessions given with another offset are compared as instants', () => {
    expect(localTimes([{ start: '2026-06-03T00:00:00+09:00', end: '2026-06-03T01:00:00+09:00' }])).toEqual([
      '09:00',
      '11:00',
    ]);
  });
});

describe('now, the 30-day horizon and the requested window', () => {
  it('drops slots that already started and a slot starting exactly now', () => {
    const result = slots([window('2026-06-02T09:00', '2026-06-02T12:00')], { now: '2026-06-02T15:00:00Z' });
    expect(localStarts(result, 'America/Chicago')).toEqual(['2026-06-02 10:30', '2026-06-02 11:00']);
  });

  it('keeps a slot starting exactly 30 days from now', () => {
    const result = slots([window('2026-07-01T15:00', '2026-07-01T16:00', { timezone: 'UTC' })], {
      now: '2026-06-01T15:00:00Z',
      to: '2026-07-15T00:00:00Z',
      durationMinutes: 30,
    });
    expect(starts(result)).toEqual(['2026-07-01T15:00:00Z']);
  });

  it('drops a slot starting 30 days and a minute from now', () => {
    const result = slots([window('2026-07-01T15:00', '2026-07-01T16:00', { timezone: 'UTC' })], {
      now: '2026-06-01T14:59:00Z',
      to: '2026-07-15T00:00:00Z',
      durationMinutes: 30,
    });
    expect(result).toEqual([]);
  });

  it('keeps only slots starting inside the requested window, its end excluded', () => {
    const result = slots([weekly('2026-06-01T09:00', '2026-06-01T12:00', 'UTC')], {
      now: '2026-06-07T00:00:00Z',
      from: '2026-06-08T10:00:00Z',
      to: '2026-06-08T11:00:00Z',
    });
    expect(starts(result)).toEqual(['2026-06-08T10:00:00Z', '2026-06-08T10:30:00Z']);
  });

  it('a requested window wholly in the past or beyond the horizon is empty', () => {
    const availability = [weekly('2026-06-01T09:00', '2026-06-01T12:00', 'UTC')];
    expect(
      slots(availability, { now: '2026-06-10T00:00:00Z', from: '2026-06-01T00:00:00Z', to: '2026-06-09T00:00:00Z' }),
    ).toEqual([]);
    expect(
      slots(availability, { now: '2026-06-01T00:00:00Z', from: '2026-07-06T00:00:00Z', to: '2026-07-13T00:00:00Z' }),
    ).toEqual([]);
  });
});

describe('overlaps', () => {
  const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 5, 1, hour, minute));
  const nine_to_ten = { start: at(9), end: at(10) };

  it('intervals that only touch do not overlap', () => {
    expect(overlaps(nine_to_ten, { start: at(10), end: at(11) })).toBe(false);
    expect(overlaps({ start: at(8), end: at(9) }, nine_to_ten)).toBe(false);
  });

  it('intervals that partly overlap do', () => {
    expect(overlaps(nine_to_ten, { start: at(9, 30), end: at(10, 30) })).toBe(true);
  });

  it('containment overlaps both ways, and so do identical intervals', () => {
    expect(overlaps(nine_to_ten, { start: at(9, 15), end: at(9, 45) })).toBe(true);
    expect(overlaps({ start: at(9, 15), end: at(9, 45) }, nine_to_ten)).toBe(true);
    expect(overlaps(nine_to_ten, { ...nine_to_ten })).toBe(true);
  });

  it('a zero-length interval overlaps what strictly contains it, not what it touches', () => {
    expect(overlaps(nine_to_ten, { start: at(9, 30), end: at(9, 30) })).toBe(true);
    expect(overlaps(nine_to_ten, { start: at(9), end: at(9) })).toBe(false);
  });

  it('compares ISO strings with different offsets as instants', () => {
    expect(overlaps(nine_to_ten, { start: '2026-06-01T18:30:00+09:00', end: '2026-06-01T19:30:00+09:00' })).toBe(true);
    expect(overlaps(nine_to_ten, { start: '2026-06-01T19:00:00+09:00', end: '2026-06-01T20:00:00+09:00' })).toBe(false);
  });
});

describe('validateSlotWindow', () => {
  const from = new Date('2026-06-01T00:00:00Z');
  const plusDays = (days: number, ms = 0) => new Date(from.getTime() + days * 86_400_000 + ms);
  const rejects = (request: { from: Date; to: Date; duration: number }, field: string) =>
    expect(() => validateSlotWindow(request)).toThrow(
      expect.objectContaining({
        constructor: DomainError,
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ field })],
      }),
    );

  it('accepts a week of 30-minute slots and narrows the duration', () => {
    expect(validateSlotWindow({ from, to: plusDays(7), duration: 30 })).toEqual({
      from,
      to: plusDays(7),
      durationMinutes: 30,
    });
  });

  it('accepts an empty window, where from equals to', () => {
    expect(validateSlotWindow({ from, to: from, duration: 15 }).durationMinutes).toBe(15);
  });

  it('rejects an end before the start', () => {
    rejects({ from, to: plusDays(0, -1), duration: 30 }, 'to');
  });

  it('accepts exactly 31 days but not 31 days and a millisecond', () => {
    expect(validateSlotWindow({ from, to: plusDays(31), duration: 60 }).to).toEqual(plusDays(31));
    rejects({ from, to: plusDays(31, 1), duration: 60 }, 'to');
  });

  it.each([0, 45, 90, 30.5])('rejects a %s-minute duration', (duration) => {
    rejects({ from, to: plusDays(1), duration }, 'duration');
  });

  it('rejects dates that are not dates', () => {
    rejects({ from: new Date('nope'), to: plusDays(1), duration: 30 }, 'from');
    rejects({ from, to: new Date('nope'), duration: 30 }, 'to');
  });
});
