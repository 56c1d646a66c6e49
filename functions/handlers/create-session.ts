import { withinDailyQuota } from '../data/quotas';
import { getSession } from '../data/sessions';
import { httpHandler } from '../http/handler';
import { BUSINESS_METRICS, countMetric } from '../runtime/metrics';
import type { BookingResult } from '../schemas/session';
import { newBooking } from '../schemas/session';
import { bookSession } from '../workflows/booking/booking';
import { viewForParty } from '../http/party-session-view';

/** `POST /api/sessions` → 201 `{session, checkoutUrl?}`. */
export const handler = httpHandler({ schemas: { body: newBooking }, auth: true }, async ({ body, caller, now }) => {
  const book = () => bookSession(caller.userId, body, now);
  const booked =
    'freeConsultation' in body && body.freeConsultation
      ? await withinDailyQuota(caller.userId, 'freeConsultationBookings', now, book)
      : await book();
  countMetric(BUSINESS_METRICS.bookings);
  const session = (await getSession(booked.session.id)) ?? booked.session;
  const result: BookingResult = {
    session: await viewForParty(session, caller.userId),
    ...(booked.checkoutUrl ? { checkoutUrl: booked.checkoutUrl } : {}),
  };
  return { status: 201, body: result };
});
