import { availabilityOfCoach } from '../../data/availability';
import { busyIntervalsOfCoach } from '../../data/sessions';
import { BOOKING_NOTICE_MINUTES, type BookingKind } from '../../domain/booking';
import type { SessionDurationMinutes } from '../../domain/constants';
import { slotsInWindow } from '../../domain/slots';
import { cachedBusyTimes } from '../calendars/busy-times';

/**
 * A coach's free slots in the window for a booking of that kind: their availability less their
 * sessions and the busy times last read from their own calendars, after the kind's notice.
 */
export async function coachSlots(
  coachId: string,
  window: { from: Date; to: Date; durationMinutes: SessionDurationMinutes; kind: BookingKind },
  now: Date,
) {
  const [availability, sessions, calendarBusy] = await Promise.all([
    availabilityOfCoach(coachId),
    busyIntervalsOfCoach(coachId, window.from, window.to, now),
    cachedBusyTimes(coachId),
  ]);
  return slotsInWindow({
    availability,
    busy: [...sessions, ...calendarBusy],
    durationMinutes: window.durationMinutes,
    window: { from: window.from, to: window.to },
    now,
    noticeMinutes: BOOKING_NOTICE_MINUTES[window.kind],
  });
}
