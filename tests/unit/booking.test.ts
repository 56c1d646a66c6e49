import { describe, expect, it } from 'vitest';
import {
  type BookableCoach,
  type BookingRequest,
  paymentDeadline,
  planBooking,
  sessionPrice,
} from '../../functions/domain/booking';
import { DomainError } from '../../functions/domain/errors';
import type { AvailabilityWindow } from '../../functions/domain/slots';

const NOW = new Date('2026-03-02T12:00:00Z'); // a Monday

const coach: BookableCoach = {
  userId: 'coach',
  published: true,
  hourlyRateCents: 15_000,
  offersFreeConsult: true,
  freeConsultMinutes: 15,
  calendlyUrl: null,
  paymentsEnabled: true,
};

/** Tuesdays 09:00–12:00 in Chicago (15:00–18:00 UTC in March before DST). */
const availability: AvailabilityWindow[] = [
  {
    start: '2026-03-03T09:00:00-06:00',
    end: '2026-03-03T12:00:00-06:00',
    recurring: true,
    timezone: 'America/Chicago',
  },
];

const slot = (start: string, durationMinutes = 60, freeConsultation = false): BookingRequest => ({
  kind: 'slot',
  start: new Date(start),
  durationMinutes,
  freeConsultation,
});

const plan = (request: BookingRequest, overrides: Partial<BookableCoach> = {}, menteeId = 'mentee') =>
  planBooking({ coach: { ...coach, ...overrides }, menteeId, request, availability, now: NOW });

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
  return 'none';
};

describe('sessionPrice', () => {
  it.each([
    [15, 3_750],
    [30, 7_500],
    [60, 15_000],
    [45, 11_250],
    [90, 22_500],
  ])('%i minutes of a $150 hour cost %i cents', (minutes, cents) => {
    expect(sessionPrice(15_000, minutes)).toBe(cents);
  });

  it('rounds an odd external-calendar length to whole cents', () => {
    expect(sessionPrice(10_001, 20)).toBe(3_334);
  });
});

describe('planBooking', () => {
  it('prices a paid slot from the stored rate and holds it for payment', () => {
    expect(plan(slot('2026-03-03T15:30:00Z', 30))).toMatchObject({
      priceCents: 7_500,
      status: 'pending_payment',
      isFreeConsultation: false,
      end: new Date('2026-03-03T16:00:00Z'),
    });
  });

  it('needs 2 hours of notice for a paid session and 1 hour for a free consultation', () => {
    // The Tuesday slots, seen from just before and after each notice runs out.
    const at = (iso: string) => (request: BookingRequest) =>
      planBooking({ coach, menteeId: 'mentee', request, availability, now: new Date(iso) });
    const messageOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as DomainError).message;
      }
      return 'none';
    };
    expect(messageOf(() => at('2026-03-03T13:00:01Z')(slot('2026-03-03T15:00:00Z')))).toBe(
      "Paid sessions need at least 2 hours' notice. Choose a later slot.",
    );
    expect(at('2026-03-03T13:00:00Z')(slot('2026-03-03T15:00:00Z')).status).toBe('pending_payment');
    expect(messageOf(() => at('2026-03-03T14:00:01Z')(slot('2026-03-03T15:00:00Z', 15, true)))).toBe(
      "A free consultation needs at least 1 hour's notice. Choose a later slot.",
    );
    expect(at('2026-03-03T14:00:00Z')(slot('2026-03-03T15:00:00Z', 15, true)).status).toBe('confirmed');
  });

  it('confirms a free consultation at once, at no cost', () => {
    expect(plan(slot('2026-03-03T15:00:00Z', 15, true))).toMatchObject({ priceCents: 0, status: 'confirmed' });
  });

  it('accepts the last slot that still fits the window, and not one past it', () => {
    expect(plan(slot('2026-03-03T17:00:00Z', 60)).status).toBe('pending_payment');
    expect(codeOf(() => plan(slot('2026-03-03T17:30:00Z', 60)))).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['yourself', () => plan(slot('2026-03-03T15:00:00Z'), {}, 'coach'), 'FORBIDDEN'],
    ['an unpublished coach', () => plan(slot('2026-03-03T15:00:00Z'), { published: false }), 'FORBIDDEN'],
    ['the past', () => plan(slot('2026-03-02T11:00:00Z')), 'VALIDATION_FAILED'],
    ['more than 30 days ahead', () => plan(slot('2026-04-07T14:00:00Z')), 'VALIDATION_FAILED'],
    ['outside availability', () => plan(slot('2026-03-04T15:00:00Z')), 'VALIDATION_FAILED'],
    ['off the 30-minute grid', () => plan(slot('2026-03-03T15:15:00Z', 30)), 'VALIDATION_FAILED'],
    ['a length that is not offered', () => plan(slot('2026-03-03T15:00:00Z', 45)), 'VALIDATION_FAILED'],
    [
      'a free consultation of the wrong length',
      () => plan(slot('2026-03-03T15:00:00Z', 30, true)),
      'VALIDATION_FAILED',
    ],
    [
      'a free consultation not offered',
      () => plan(slot('2026-03-03T15:00:00Z', 15, true), { offersFreeConsult: false }),
      'FORBIDDEN',
    ],
    [
      'a paid slot of a coach without payments',
      () => plan(slot('2026-03-03T15:00:00Z'), { paymentsEnabled: false }),
      'COACH_PAYMENTS_NOT_READY',
    ],
    [
      'a slot of a coach who books through an external calendar',
      () => plan(slot('2026-03-03T15:00:00Z'), { calendlyUrl: 'https://calendly.com/x' }),
      'VALIDATION_FAILED',
    ],
  ])('refuses booking %s', (_name, run, code) => {
    expect(codeOf(run)).toBe(code);
  });

  describe('a price below the smallest card charge (50 cents)', () => {
    it('is refused with a message that names both amounts', () => {
      expect(() => plan(slot('2026-03-03T15:00:00Z', 15), { hourlyRateCents: 100 })).toThrow(
        'This session would cost $0.25, below the $0.50 minimum for a paid session. Choose a longer session.',
      );
    });

    it('is accepted at exactly 50 cents', () => {
      expect(plan(slot('2026-03-03T15:00:00Z', 30), { hourlyRateCents: 100 }).priceCents).toBe(50);
    });

    it('rises with the fee floor, so the coach always receives something', () => {
      const feeRule = { percent: 10, floorPercent: 2.9, floorCents: 100 };
      const request = slot('2026-03-03T15:00:00Z', 60);
      const withRate = (hourlyRateCents: number) => () =>
        planBooking({
          coach: { ...coach, hourlyRateCents },
          menteeId: 'mentee',
          request,
          availability,
          now: NOW,
          feeRule,
        });
      expect(withRate(100)).toThrow('below the $1.05 minimum for a paid session');
      expect(withRate(200)().priceCents).toBe(200);
    });

    it('does not apply to a free consultation', () => {
      expect(plan(slot('2026-03-03T15:00:00Z', 15, true), { hourlyRateCents: 100 }).priceCents).toBe(0);
    });

    it('applies to an external-calendar event too', () => {
      const event: BookingRequest = {
        kind: 'external',
        start: new Date('2026-03-05T10:00:00Z'),
        end: new Date('2026-03-05T10:20:00Z'),
      };
      expect(codeOf(() => plan(event, { hourlyRateCents: 100, calendlyUrl: 'https://calendly.com/x' }))).toBe(
        'VALIDATION_FAILED',
      );
    });
  });

  it('lets a coach without payments still give a free consultation', () => {
    expect(plan(slot('2026-03-03T15:00:00Z', 15, true), { paymentsEnabled: false }).status).toBe('confirmed');
  });

  describe('an external-calendar event', () => {
    const external = (start: string, end: string): BookingRequest => ({
      kind: 'external',
      start: new Date(start),
      end: new Date(end),
    });
    const calendarCoach = { calendlyUrl: 'https://calendly.com/casey' };

    it('is priced as hours times the rate, whatever the coach availability says', () => {
      expect(plan(external('2026-03-05T10:00:00Z', '2026-03-05T10:45:00Z'), calendarCoach)).toMatchObject({
        durationMinutes: 45,
        priceCents: 11_250,
        bookingMethod: 'external_calendar',
        status: 'pending_payment',
      });
    });

    it.each([
      ['an end before the start', '2026-03-05T10:00:00Z', '2026-03-05T09:00:00Z'],
      ['no length at all', '2026-03-05T10:00:00Z', '2026-03-05T10:00:00Z'],
      ['more than 480 minutes', '2026-03-05T10:00:00Z', '2026-03-05T18:01:00Z'],
      ['an invalid end', '2026-03-05T10:00:00Z', 'not a date'],
    ])('is refused with %s', (_name, start, end) => {
      expect(codeOf(() => plan(external(start, end), calendarCoach))).toBe('VALIDATION_FAILED');
    });

    it('accepts exactly 480 minutes', () => {
      expect(plan(external('2026-03-05T10:00:00Z', '2026-03-05T18:00:00Z'), calendarCoach).durationMinutes).toBe(480);
    });

    it('is refused for a coach without an external calendar', () => {
      expect(codeOf(() => plan(external('2026-03-05T10:00:00Z', '2026-03-05T11:00:00Z')))).toBe('VALIDATION_FAILED');
    });
  });
});

describe('paymentDeadline', () => {
  it('holds an unpaid booking for 30 minutes', () => {
    expect(paymentDeadline(NOW)).toEqual(new Date('2026-03-02T12:30:00Z'));
  });
});
