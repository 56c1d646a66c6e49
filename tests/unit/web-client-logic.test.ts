import { RATE_INVALID_MESSAGE, RATE_REQUIRED_MESSAGE } from '@functions/schemas/coach-settings';
import type { SessionView } from '@functions/schemas/session';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { headshotSources } from '@/components/ui/headshot-sources';
import { rovingTarget } from '@/components/slots/roving-focus';
import { bookableDays, slotsByDay, slotTime } from '@/components/slots/slot-days';
import { keepsWaitingForPayment, PAYMENT_POLL_LIMIT } from '@/features/payments/api/session';
import { ratesForm, toRatesFormValues } from '@/features/settings/components/coaching/rates-form-schema';
import { initialTab, readSettingsQuery } from '@/features/settings/components/settings-query';

const slot = (start: string, minutes = 30) => ({
  start,
  end: DateTime.fromISO(start).plus({ minutes }).toUTC().toISO({ suppressMilliseconds: true })!,
});

describe('slot day grouping in the viewer zone', () => {
  it('puts a slot late on a UTC day onto the previous local day west of UTC', () => {
    const days = slotsByDay([slot('2026-03-10T03:00:00Z')], 'America/Los_Angeles');
    expect([...days.keys()]).toEqual(['2026-03-09']);
  });

  it('keeps the wall-clock times across the spring-forward night (New York, 8 March 2026)', () => {
    // 9:00 local is 14:00Z before the change and 13:00Z after it.
    const days = slotsByDay([slot('2026-03-09T13:00:00Z'), slot('2026-03-07T14:00:00Z')], 'America/New_York');
    expect([...days.keys()]).toEqual(['2026-03-07', '2026-03-09']);
    expect(days.get('2026-03-07')!.map((s) => slotTime(s.start, 'America/New_York'))).toEqual(['9:00 AM']);
    expect(days.get('2026-03-09')!.map((s) => slotTime(s.start, 'America/New_York'))).toEqual(['9:00 AM']);
  });

  it('groups the slots of the fall-back day, whose 1:30 AM happens twice, onto one day in start order', () => {
    const days = slotsByDay([slot('2026-11-01T06:30:00Z'), slot('2026-11-01T05:30:00Z')], 'America/New_York');
    expect(days.get('2026-11-01')!.map((s) => s.start)).toEqual(['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z']);
    expect(days.get('2026-11-01')!.map((s) => slotTime(s.start, 'America/New_York'))).toEqual(['1:30 AM', '1:30 AM']);
  });

  it('lists today and each day of the horizon once, whatever the DST change in between', () => {
    const days = bookableDays(DateTime.fromISO('2026-03-01T12:00:00Z'), 'America/New_York');
    expect(days[0]).toBe('2026-03-01');
    expect(new Set(days).size).toBe(days.length);
    expect(days).toContain('2026-03-08');
  });
});

describe('the rates form maps whole dollars to cents', () => {
  it('sends the rate in cents', () => {
    const parsed = ratesForm.parse({ hourlyRate: 150, offersFreeConsult: false, freeConsultMinutes: 15 });
    expect(parsed.hourlyRateCents).toBe(15_000);
    expect(parsed).not.toHaveProperty('hourlyRate');
  });

  it('refuses an emptied box as missing and a fraction of a dollar as invalid', () => {
    const empty = ratesForm.safeParse({ hourlyRate: null, offersFreeConsult: false });
    expect(empty.error?.issues[0]?.message).toBe(RATE_REQUIRED_MESSAGE);
    const fraction = ratesForm.safeParse({ hourlyRate: 99.5, offersFreeConsult: false });
    expect(fraction.error?.issues[0]?.message).toBe(RATE_INVALID_MESSAGE);
  });

  it('shows a stored rate in dollars, and none as an empty box', () => {
    const stored = { hourlyRateCents: 12_500, offersFreeConsult: true, freeConsultMinutes: 30 as const };
    expect(toRatesFormValues({ ...stored, coachBio: null, calendlyUrl: null }).hourlyRate).toBe(125);
    expect(
      toRatesFormValues({ ...stored, hourlyRateCents: null, coachBio: null, calendlyUrl: null }).hourlyRate,
    ).toBeNull();
  });
});

describe('settings tab selection', () => {
  const tabFor = (search: string, isMentor: boolean) =>
    initialTab(readSettingsQuery(new URLSearchParams(search)), isMentor);

  it('opens the tab the link names', () => {
    expect(tabFor('tab=security', false)).toBe('security');
    expect(tabFor('tab=profile', true)).toBe('profile');
  });

  it("falls back to the user's default for an unknown tab or one they do not have", () => {
    expect(tabFor('tab=billing', true)).toBe('coaching');
    expect(tabFor('tab=coaching', false)).toBe('profile');
    expect(tabFor('', false)).toBe('profile');
  });
});

describe('roving focus in the date strip and the time grid', () => {
  it('moves by one along a row and stops at the ends', () => {
    expect(rovingTarget('ArrowRight', 0, 5, 1)).toBe(1);
    expect(rovingTarget('ArrowLeft', 0, 5, 1)).toBe(0);
    expect(rovingTarget('ArrowRight', 4, 5, 1)).toBe(4);
  });

  it('moves by a row in a grid, clamped to the last item', () => {
    expect(rovingTarget('ArrowDown', 1, 10, 4)).toBe(5);
    expect(rovingTarget('ArrowDown', 7, 10, 4)).toBe(9);
    expect(rovingTarget('ArrowUp', 2, 10, 4)).toBe(0);
  });

  it('jumps with Home and End and ignores other keys', () => {
    expect(rovingTarget('End', 2, 10, 4)).toBe(9);
    expect(rovingTarget('Home', 7, 10, 4)).toBe(0);
    expect(rovingTarget('a', 2, 10, 4)).toBeNull();
  });
});

describe('payment confirmation polling', () => {
  const state = (status: SessionView['status'], dataUpdateCount: number) => ({
    data: { status } as SessionView,
    dataUpdateCount,
  });

  it('asks again while the payment is pending, up to the limit', () => {
    expect(keepsWaitingForPayment(state('pending_payment', 1))).toBe(true);
    expect(keepsWaitingForPayment(state('pending_payment', PAYMENT_POLL_LIMIT))).toBe(false);
  });

  it('stops once the session is paid or cancelled', () => {
    expect(keepsWaitingForPayment(state('scheduled', 1))).toBe(false);
    expect(keepsWaitingForPayment(state('cancelled', 1))).toBe(false);
  });
});

describe('headshot sources', () => {
  const url = 'https://example.test/media/headshots/u1/abc/256.jpg';

  it('offers every square crop and names the box size', () => {
    const sources = headshotSources(url, 80);
    expect(sources.srcSet.split(', ')).toEqual([
      url.replace('256', '64').concat(' 64w'),
      url.replace('256', '128').concat(' 128w'),
      url.concat(' 256w'),
      url.replace('256', '512').concat(' 512w'),
    ]);
    expect(sources.sizes).toBe('80px');
  });

  it('falls back to the smallest crop that fills the box at twice its size', () => {
    expect(headshotSources(url, 80).src).toMatch(/\/256\.jpg$/);
    expect(headshotSources(url, 128).src).toMatch(/\/256\.jpg$/);
    expect(headshotSources(url, 300).src).toMatch(/\/512\.jpg$/);
  });
});
