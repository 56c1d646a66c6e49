import { randomUUID } from 'node:crypto';
import { paymentsFromEnvironment } from '../adapters/payments';
import { schedulerFromEnvironment } from '../adapters/scheduler';
import { availabilityOfCoach } from '../data/availability';
import { getProfile } from '../data/profiles';
import type { ProfileItem } from '../data/profile-item';
import type { SessionItem } from '../data/session-item';
import { cancelSession, createBooking, recordSessionFields } from '../data/sessions';
import { timeBlocks } from '../data/time-claims';
import { claimUnpaidHold } from '../data/unpaid-holds';
import { type BookingRequest, paymentDeadline, type PlannedBooking, planBooking, platformFee } from '../domain/booking';
import { DEFAULT_HOURLY_RATE_CENTS } from '../domain/constants';
import { DomainError } from '../domain/errors';
import { isoSeconds } from '../domain/instants';
import { log } from '../http/log';
import { siteOrigin } from '../http/site';
import type { NewBooking } from '../schemas/session';
import { startFollowUps } from './confirmation';
import { externalEventRequest } from './external-events';
import { checkCalendarsAtBooking } from './mentor-calendars';

const DEFAULT_PLATFORM_FEE_PERCENT = 10;

const platformFeePercent = () => {
  const configured = Number(process.env.PLATFORM_FEE_PERCENT);
  return Number.isFinite(configured) && process.env.PLATFORM_FEE_PERCENT ? configured : DEFAULT_PLATFORM_FEE_PERCENT;
};

/** An external event's times come from the coach's calendar, never from the request. */
const toRequest = async (
  booking: NewBooking,
  coach: ProfileItem,
  now: Date,
): Promise<BookingRequest & { eventType?: string | null }> =>
  'externalEvent' in booking
    ? externalEventRequest(coach, booking.externalEvent.uri, now)
    : {
        kind: 'slot',
        start: new Date(booking.start),
        durationMinutes: booking.durationMinutes,
        freeConsultation: booking.freeConsultation,
      };

const bookableCoach = (coach: ProfileItem) => ({
  userId: coach.userId,
  published: coach.published && coach.userType === 'mentor',
  hourlyRateCents: coach.hourlyRateCents ?? DEFAULT_HOURLY_RATE_CENTS,
  offersFreeConsult: coach.offersFreeConsult ?? false,
  freeConsultMinutes: coach.freeConsultMinutes ?? 15,
  calendlyUrl: coach.calendlyUrl ?? null,
  paymentsEnabled: Boolean(coach.stripeAccountId && coach.stripeOnboardingComplete),
});

function newSession(
  plan: PlannedBooking,
  coach: ProfileItem,
  menteeId: string,
  externalEventType: string | null,
  now: Date,
): SessionItem {
  const start = isoSeconds(plan.start);
  const end = isoSeconds(plan.end);
  return {
    id: randomUUID(),
    coachId: coach.userId,
    menteeId,
    start,
    end,
    durationMinutes: plan.durationMinutes,
    priceCents: plan.priceCents,
    platformFeeCents: platformFee(plan.priceCents, platformFeePercent()),
    status: plan.status,
    sessionType: 'one-time',
    isFreeConsultation: plan.isFreeConsultation,
    bookingMethod: plan.bookingMethod,
    externalEventType,
    claimedBlocks: timeBlocks(start, end),
    paymentExpiresAt: plan.status === 'pending_payment' ? paymentDeadline(now).toISOString() : null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

const coachName = (coach: ProfileItem) =>
  `${coach.firstName} ${coach.lastName}${coach.credentials ? `, ${coach.credentials}` : ''}`;

/** Opens the provider's checkout; if that fails the booking is withdrawn, so the time is not held for nothing. */
async function startCheckout(
  session: SessionItem,
  coach: ProfileItem,
  mentee: ProfileItem,
  now: Date,
): Promise<string> {
  try {
    const { checkoutId, url } = await paymentsFromEnvironment().createCheckout({
      sessionId: session.id,
      amountCents: session.priceCents,
      platformFeeCents: session.platformFeeCents,
      destinationAccountId: coach.stripeAccountId as string,
      description: `${session.durationMinutes}-minute mentoring session with ${coachName(coach)}`,
      customerEmail: mentee.email,
      successUrl: `${siteOrigin()}/payment-success?session_id=${session.id}`,
      cancelUrl: `${siteOrigin()}/payment-cancelled?session_id=${session.id}`,
      expiresAt: new Date(session.paymentExpiresAt as string),
    });
    await recordSessionFields(session.id, { checkoutId }, now);
    return url;
  } catch (error) {
    log('error', 'checkout could not be started; withdrawing the booking', {
      sessionId: session.id,
      error: String(error),
    });
    await cancelSession(
      session.id,
      { reason: 'Payment could not be started', cancelledBy: 'system', from: ['pending_payment'] },
      now,
    );
    throw error;
  }
}

/** A later try, as EventBridge Scheduler would retry a target. */
const FOLLOW_UPS_RETRY_AFTER_MS = 2 * 60_000;

/** The booking stands whatever happens here: when the job cannot be started now, a schedule starts it later. */
async function startFollowUpsOrRetry(sessionId: string, now: Date): Promise<void> {
  try {
    await startFollowUps(sessionId);
  } catch (error) {
    log('error', 'could not start the follow-ups of a confirmed session; scheduling them', {
      sessionId,
      error: String(error),
    });
    await schedulerFromEnvironment().schedule(
      'finishBooking',
      sessionId,
      new Date(now.getTime() + FOLLOW_UPS_RETRY_AFTER_MS),
    );
  }
}

/**
 * `POST /api/sessions`: every rule decided here, from stored data only (ARCHITECTURE section 3).
 * A free consultation is confirmed at once; a paid session holds the time for 30 minutes while
 * the mentee pays at the provider.
 */
export async function bookSession(menteeId: string, booking: NewBooking, now: Date) {
  const [coach, mentee] = await Promise.all([getProfile(booking.coachId), getProfile(menteeId)]);
  if (coach?.userType !== 'mentor') throw new DomainError('NOT_FOUND', 'This mentor does not exist.');
  if (!mentee) throw new DomainError('NOT_FOUND', 'Finish creating your profile first.');
  const request = await toRequest(booking, coach, now);
  const plan = planBooking({
    coach: bookableCoach(coach),
    menteeId,
    request,
    availability: request.kind === 'slot' ? await availabilityOfCoach(coach.userId) : [],
    now,
  });
  // A slot is checked against the coach's own calendars live; an external event comes from theirs.
  const calendarCheck =
    request.kind === 'slot' ? await checkCalendarsAtBooking(coach.userId, plan.start, plan.end, now) : 'checked';
  const session = {
    ...newSession(plan, coach, menteeId, request.eventType ?? null, now),
    ...(calendarCheck === 'unchecked' ? { calendarUnchecked: true } : {}),
  };
  await createBooking(
    session,
    now,
    session.status === 'pending_payment'
      ? () => claimUnpaidHold(menteeId, session.id, session.paymentExpiresAt as string, now)
      : undefined,
  );

  if (session.status === 'confirmed') {
    await startFollowUpsOrRetry(session.id, now);
    return { session, coach, checkoutUrl: undefined };
  }
  await schedulerFromEnvironment().schedule(
    'expirePendingPayment',
    session.id,
    new Date(session.paymentExpiresAt as string),
  );
  const checkoutUrl = await startCheckout(session, coach, mentee, now);
  return { session: { ...session }, coach, checkoutUrl };
}

/**
 * `GET /api/coaches/{coachId}/external-events?uri=…`: an event the viewer just scheduled in the
 * coach's calendar, read and planned exactly as `POST /api/sessions` will, before anything is stored.
 */
export async function previewExternalBooking(viewerId: string, coachId: string, eventUri: string, now: Date) {
  const coach = await getProfile(coachId);
  if (coach?.userType !== 'mentor') throw new DomainError('NOT_FOUND', 'This mentor does not exist.');
  const request = await externalEventRequest(coach, eventUri, now);
  const plan = planBooking({ coach: bookableCoach(coach), menteeId: viewerId, request, availability: [], now });
  return {
    start: isoSeconds(plan.start),
    end: isoSeconds(plan.end),
    durationMinutes: plan.durationMinutes,
    eventType: request.eventType,
    priceCents: plan.priceCents,
  };
}
