import { randomUUID } from 'node:crypto';
import { availabilityOfCoach } from '../../data/availability';
import { getProfile } from '../../data/profiles';
import type { ProfileItem } from '../../domain/profile-item';
import type { SessionItem } from '../../domain/session-item';
import { dailyQuotaUse } from '../../data/quotas';
import { createBooking, recordSessionFields } from '../../data/sessions';
import { creditSpend, getSubscription, type SubscriptionItem } from '../../data/subscriptions';
import { timeBlocks } from '../../data/time-claims';
import { claimUnpaidHold } from '../../data/unpaid-holds';
import { type BookingRequest, paymentDeadline, type PlannedBooking, planBooking } from '../../domain/booking';
import { DEFAULT_FREE_CONSULT_MINUTES, DEFAULT_HOURLY_RATE_CENTS } from '../../domain/constants';
import { DomainError } from '../../domain/errors';
import { platformFee } from '../../domain/fees';
import { assertPlanBooking, type Credits } from '../../domain/plans';
import { isoSeconds } from '../../domain/instants';
import { feeRule } from '../../runtime/fee-rule';
import { log } from '../../runtime/log';
import { siteOrigin } from '../../runtime/site';
import type { NewBooking } from '../../schemas/session';
import { cancelSession } from './cancellation';
import { externalEventRequest } from '../calendars/external-events';
import { checkCalendarsAtBooking } from '../calendars/check-at-booking';
import { nameWithCredentials } from '../../domain/display-name';
import { payments } from '../../runtime/ports/payments';

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
  freeConsultMinutes: coach.freeConsultMinutes ?? DEFAULT_FREE_CONSULT_MINUTES,
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
    platformFeeCents: plan.priceCents === 0 ? 0 : platformFee(plan.priceCents, feeRule()),
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

/**
 * Opens the provider's checkout and records it on the session; if that fails the booking is
 * withdrawn, so the time is not held for nothing.
 */
async function startCheckout(
  session: SessionItem,
  coach: ProfileItem,
  mentee: ProfileItem,
  now: Date,
): Promise<{ checkoutId: string; url: string }> {
  try {
    const { checkoutId, url } = await payments().createCheckout({
      sessionId: session.id,
      amountCents: session.priceCents,
      description: `${session.durationMinutes}-minute mentoring session with ${nameWithCredentials(coach)}`,
      customerEmail: mentee.email,
      successUrl: `${siteOrigin()}/payment-success?session_id=${session.id}`,
      cancelUrl: `${siteOrigin()}/payment-cancelled?session_id=${session.id}`,
      expiresAt: new Date(session.paymentExpiresAt as string),
    });
    await recordSessionFields(session.id, { checkoutId }, now);
    return { checkoutId, url };
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

/** The plan a booking spends a credit of, checked as of now; the booking's transaction spends it. */
async function planCreditFor(
  subscriptionId: string,
  menteeId: string,
  coachId: string,
  request: BookingRequest,
  now: Date,
): Promise<{ subscription: SubscriptionItem; credits: Credits }> {
  if (request.kind !== 'slot' || request.freeConsultation) {
    throw new DomainError(
      'VALIDATION_FAILED',
      'A plan session is booked from the slot picker, not as a free consultation.',
    );
  }
  const subscription = await getSubscription(subscriptionId);
  if (!subscription || subscription.menteeId !== menteeId) {
    throw new DomainError('NOT_FOUND', 'No such plan of yours with this mentor.');
  }
  assertPlanBooking(subscription, { menteeId, coachId, durationMinutes: request.durationMinutes }, now);
  return { subscription, credits: subscription.credits as Credits };
}

/**
 * `POST /api/sessions`: every rule decided here, from stored data only (ARCHITECTURE section 3).
 * A free consultation is confirmed at once; a paid session holds the time for 30 minutes while
 * the mentee pays at the provider. Answers with the session as stored and the coach it was booked with.
 */
export async function bookSession(menteeId: string, booking: NewBooking, now: Date) {
  const [coach, mentee] = await Promise.all([getProfile(booking.coachId), getProfile(menteeId)]);
  if (coach?.userType !== 'mentor') throw new DomainError('NOT_FOUND', 'This mentor does not exist.');
  if (!mentee) throw new DomainError('NOT_FOUND', 'Finish creating your profile first.');
  // Checked apart from publication: a plan's mentee may book an unpublished mentor, never a suspended one.
  if (coach.suspendedAt) throw new DomainError('COACH_SUSPENDED', 'This mentor is not taking bookings.');
  const request = await toRequest(booking, coach, now);
  const credit =
    'subscriptionId' in booking && booking.subscriptionId
      ? await planCreditFor(booking.subscriptionId, menteeId, coach.userId, request, now)
      : null;
  const planned = planBooking({
    // Unpublishing does not end a plan: its mentee may still book with it.
    coach: { ...bookableCoach(coach), published: credit ? true : bookableCoach(coach).published },
    menteeId,
    request,
    availability: request.kind === 'slot' ? await availabilityOfCoach(coach.userId) : [],
    now,
    feeRule: feeRule(),
  });
  const plan: PlannedBooking = credit ? { ...planned, priceCents: 0, status: 'confirmed' } : planned;
  // A slot is checked against the coach's own calendars live; an external event comes from theirs.
  const calendarCheck =
    request.kind === 'slot' ? await checkCalendarsAtBooking(coach.userId, plan.start, plan.end, now) : 'checked';
  const session: SessionItem = {
    ...newSession(plan, coach, menteeId, request.eventType ?? null, now),
    ...(calendarCheck === 'unchecked' ? { calendarUnchecked: true } : {}),
    ...(credit
      ? { paidBy: 'plan', subscriptionId: credit.subscription.id, creditPeriodEnd: credit.credits.periodEnd }
      : {}),
  };
  await createBooking(session, now, {
    unpaidHoldClaim:
      session.status === 'pending_payment'
        ? () => claimUnpaidHold(menteeId, session.id, session.paymentExpiresAt as string, now)
        : undefined,
    planCredit: credit ? creditSpend(credit.subscription, credit.credits, now) : undefined,
    freeConsultationQuota: session.isFreeConsultation
      ? dailyQuotaUse(menteeId, 'freeConsultationBookings', now)
      : undefined,
  }).catch(async (error: unknown) => {
    // Say why the credit was refused as of now: the plan fell past due, or its sessions are used.
    if (credit && error instanceof DomainError && error.code === 'NO_CREDITS') {
      const current = await getSubscription(credit.subscription.id);
      if (current)
        assertPlanBooking(current, { menteeId, coachId: coach.userId, durationMinutes: plan.durationMinutes }, now);
    }
    throw error;
  });

  // The table's stream starts what the booking leaves to do (its follow-ups, or its payment's expiry).
  if (session.status === 'confirmed') return { session, coach, checkoutUrl: undefined };
  const { checkoutId, url } = await startCheckout(session, coach, mentee, now);
  return { session: { ...session, checkoutId }, coach, checkoutUrl: url };
}

/**
 * `GET /api/coaches/{coachId}/external-events?uri=…`: an event the viewer just scheduled in the
 * coach's calendar, read and planned exactly as `POST /api/sessions` will, before anything is stored.
 */
export async function previewExternalBooking(viewerId: string, coachId: string, eventUri: string, now: Date) {
  const coach = await getProfile(coachId);
  if (coach?.userType !== 'mentor') throw new DomainError('NOT_FOUND', 'This mentor does not exist.');
  const request = await externalEventRequest(coach, eventUri, now);
  const plan = planBooking({
    coach: bookableCoach(coach),
    menteeId: viewerId,
    request,
    availability: [],
    now,
    feeRule: feeRule(),
  });
  return {
    start: isoSeconds(plan.start),
    end: isoSeconds(plan.end),
    durationMinutes: plan.durationMinutes,
    eventType: request.eventType,
    priceCents: plan.priceCents,
  };
}
