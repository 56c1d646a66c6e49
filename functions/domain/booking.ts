import { BOOKING_HORIZON_DAYS, SESSION_DURATIONS_MINUTES, type SessionDurationMinutes } from './constants';
import { DomainError } from './errors';
import { DEFAULT_FEE_RULE, type FeeRule, minimumPaidPrice } from './fees';
import { formatDollarsAndCents } from './money';
import type { SessionStatus } from './session-status';
import { type AvailabilityWindow, slotsInWindow } from './slots';

/** Stripe Checkout Sessions live at least 30 minutes; ours expire exactly then (spec section 9). */
export const PAYMENT_WINDOW_MINUTES = 30;
/** An external-calendar event may be at most this long (spec section 9). */
export const MAX_EXTERNAL_SESSION_MINUTES = 480;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The notice a booking needs (ARCHITECTURE section 6): a paid one's payment may take its 30 minutes
 * and must land well before the start, so the session is never paid for after it began.
 */
export const BOOKING_NOTICE_MINUTES = { paid: 120, free: 60 } as const;
export type BookingKind = keyof typeof BOOKING_NOTICE_MINUTES;

const NOTICE_MESSAGES: Record<BookingKind, string> = {
  paid: "Paid sessions need at least 2 hours' notice. Choose a later slot.",
  free: "A free consultation needs at least 1 hour's notice. Choose a later slot.",
};

/** What the server knows of the coach when it decides a booking. */
export interface BookableCoach {
  userId: string;
  published: boolean;
  hourlyRateCents: number;
  offersFreeConsult: boolean;
  freeConsultMinutes: 15 | 30;
  calendlyUrl: string | null;
  paymentsEnabled: boolean;
}

export type BookingRequest =
  | { kind: 'slot'; start: Date; durationMinutes: number; freeConsultation: boolean }
  | { kind: 'external'; start: Date; end: Date };

export interface PlannedBooking {
  start: Date;
  end: Date;
  durationMinutes: number;
  priceCents: number;
  isFreeConsultation: boolean;
  bookingMethod: 'slot' | 'external_calendar';
  /** Free consultations are confirmed at once; every paid booking waits for its payment. */
  status: Extract<SessionStatus, 'confirmed' | 'pending_payment'>;
}

/**
 * Spec section 7: 15 minutes costs a quarter of the hourly rate, 30 a half, 60 the whole; an
 * external-calendar session costs its hours times the rate. Rounded to whole cents.
 */
export const sessionPrice = (hourlyRateCents: number, durationMinutes: number): number =>
  Math.round((hourlyRateCents * durationMinutes) / 60);

const invalid = (field: string, message: string): never => {
  throw new DomainError('VALIDATION_FAILED', message, [{ field, message }]);
};

/** A paid session's price, refused below the minimum the fee rule allows (domain/fees.ts). */
function chargeablePrice(hourlyRateCents: number, durationMinutes: number, feeRule: FeeRule): number {
  const price = sessionPrice(hourlyRateCents, durationMinutes);
  const minimum = minimumPaidPrice(feeRule);
  if (price < minimum) {
    invalid(
      'durationMinutes',
      `This session would cost ${formatDollarsAndCents(price)}, below the ${formatDollarsAndCents(minimum)} minimum for a paid session. Choose a longer session.`,
    );
  }
  return price;
}

export const isSessionDuration = (minutes: number): minutes is SessionDurationMinutes =>
  (SESSION_DURATIONS_MINUTES as readonly number[]).includes(minutes);

/** Inside the usual window: after now and the booking's notice, and at most BOOKING_HORIZON_DAYS ahead. */
export function assertBookingWindow(start: Date, now: Date, kind: BookingKind): void {
  if (Number.isNaN(start.getTime())) invalid('start', 'Choose a valid start time.');
  if (start.getTime() <= now.getTime()) invalid('start', 'This time has already passed. Choose a later slot.');
  if (start.getTime() < now.getTime() + BOOKING_NOTICE_MINUTES[kind] * MINUTE_MS)
    invalid('start', NOTICE_MESSAGES[kind]);
  if (start.getTime() > now.getTime() + BOOKING_HORIZON_DAYS * DAY_MS) {
    invalid('start', `Sessions can be booked at most ${BOOKING_HORIZON_DAYS} days ahead.`);
  }
}

/** The coach's own availability must offer exactly this start for this length. */
export function assertInsideAvailability(
  availability: readonly AvailabilityWindow[],
  start: Date,
  durationMinutes: SessionDurationMinutes,
  now: Date,
): void {
  const offered = slotsInWindow({
    availability,
    busy: [],
    durationMinutes,
    window: { from: start, to: new Date(start.getTime() + MINUTE_MS) },
    now,
    noticeMinutes: 0,
  });
  if (!offered.some((slot) => new Date(slot.start).getTime() === start.getTime())) {
    invalid('start', "This time is not within the mentor's availability.");
  }
}

/**
 * Decides a booking on the server (spec sections 5 and 7, ARCHITECTURE section 3): who may book
 * whom, when, for how long and at what price. Whether the time is still free, and whether the free
 * consultation is still unused, are left to the conditional writes that store the booking.
 */
export function planBooking(input: {
  coach: BookableCoach;
  menteeId: string;
  request: BookingRequest;
  availability: readonly AvailabilityWindow[];
  now: Date;
  /** Decides the smallest price a paid session may have. */
  feeRule?: FeeRule;
}): PlannedBooking {
  const { coach, menteeId, request, now, feeRule = DEFAULT_FEE_RULE } = input;
  if (coach.userId === menteeId) throw new DomainError('FORBIDDEN', 'You cannot book a session with yourself.');
  if (!coach.published) throw new DomainError('FORBIDDEN', 'This mentor is not taking bookings.');
  assertBookingWindow(request.start, now, request.kind === 'slot' && request.freeConsultation ? 'free' : 'paid');

  if (request.kind === 'external') return planExternalBooking(coach, request, feeRule);

  const { start, freeConsultation } = request;
  if (freeConsultation) {
    if (!coach.offersFreeConsult) throw new DomainError('FORBIDDEN', 'This mentor does not offer a free consultation.');
    if (request.durationMinutes !== coach.freeConsultMinutes) {
      invalid('durationMinutes', `This mentor's free consultation lasts ${coach.freeConsultMinutes} minutes.`);
    }
  }
  const durationMinutes = request.durationMinutes;
  if (!isSessionDuration(durationMinutes)) invalid('durationMinutes', 'Session duration must be 15, 30 or 60 minutes.');
  if (coach.calendlyUrl) invalid('start', 'This mentor takes bookings through their own calendar.');
  assertInsideAvailability(input.availability, start, durationMinutes as SessionDurationMinutes, now);
  if (!freeConsultation) assertTakesPayments(coach);
  return {
    start,
    end: new Date(start.getTime() + durationMinutes * MINUTE_MS),
    durationMinutes,
    priceCents: freeConsultation ? 0 : chargeablePrice(coach.hourlyRateCents, durationMinutes, feeRule),
    isFreeConsultation: freeConsultation,
    bookingMethod: 'slot',
    status: freeConsultation ? 'confirmed' : 'pending_payment',
  };
}

/** Spec section 5, 'External calendar': a real interval above 0 and at most 480 minutes. */
function planExternalBooking(
  coach: BookableCoach,
  request: { start: Date; end: Date },
  feeRule: FeeRule,
): PlannedBooking {
  if (!coach.calendlyUrl) invalid('start', 'This mentor does not take bookings through an external calendar.');
  if (Number.isNaN(request.end.getTime())) invalid('end', 'Choose a valid end time.');
  const durationMinutes = Math.round((request.end.getTime() - request.start.getTime()) / MINUTE_MS);
  if (durationMinutes <= 0 || durationMinutes > MAX_EXTERNAL_SESSION_MINUTES) {
    invalid('end', `A session lasts more than 0 and at most ${MAX_EXTERNAL_SESSION_MINUTES} minutes.`);
  }
  assertTakesPayments(coach);
  return {
    start: request.start,
    end: request.end,
    durationMinutes,
    priceCents: chargeablePrice(coach.hourlyRateCents, durationMinutes, feeRule),
    isFreeConsultation: false,
    bookingMethod: 'external_calendar',
    status: 'pending_payment',
  };
}

function assertTakesPayments(coach: BookableCoach): void {
  if (!coach.paymentsEnabled) {
    throw new DomainError(
      'COACH_PAYMENTS_NOT_READY',
      'This mentor has not finished setting up payments yet, so only a free consultation can be booked.',
    );
  }
}

/** When an unpaid booking lets go of the coach's time. */
export const paymentDeadline = (now: Date): Date => new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * MINUTE_MS);
