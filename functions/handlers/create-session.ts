import { httpHandler } from '../http/handler';
import { toSessionView } from '../http/views/session';
import { BUSINESS_METRICS, countMetric } from '../runtime/metrics';
import type { BookingResult } from '../schemas/session';
import { newBooking } from '../schemas/session';
import { bookSession } from '../workflows/booking/booking';

/** `POST /api/sessions` → 201 `{session, checkoutUrl?}`: the session as the booking stored it, not read back. */
export const handler = httpHandler({ schemas: { body: newBooking }, auth: true }, async ({ body, caller, now }) => {
  const booked = await bookSession(caller.userId, body, now);
  countMetric(BUSINESS_METRICS.bookings);
  const result: BookingResult = {
    // A session booked a moment ago has no rating yet.
    session: toSessionView(booked.session, caller.userId, booked.coach, null),
    ...(booked.checkoutUrl ? { checkoutUrl: booked.checkoutUrl } : {}),
  };
  return { status: 201, body: result };
});
