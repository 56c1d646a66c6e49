import { availabilityOfCoach } from '../../data/availability';
import { busyIntervalsOfCoach } from '../../data/sessions';
import type { SessionDurationMinutes } from '../../domain/constants';
import { slotsInWindow } from '../../domain/slots';
import { cachedBusyTimes } from '../calendars/busy-times';

/**
 * A coach's free slots in the window: their availability less their sessions and the busy times
 * last read from their own calendars.
 */
export async function coachSlots(
  coachId: string,
  window: { from: Date; to: Date; durationMinutes: SessionDurationMinutes },
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
  });
}
