import { availabilityOfCoach } from '../data/availability';
import { publishedCoach } from '../http/directory';
import { busyIntervalsOfCoach } from '../data/sessions';
import { slotsInWindow, validateSlotWindow } from '../domain/slots';
import { DomainError } from '../domain/errors';
import { edgeCached, isCurrentFreshKey } from '../http/edge-cache';
import { httpHandler } from '../http/handler';
import { coachPath, type SlotList, slotQuery } from '../schemas/coach';
import { cachedBusyTimes } from '../workflows/calendars/busy-times';

export const handler = httpHandler({ schemas: { path: coachPath, query: slotQuery } }, async ({ path, query, now }) => {
  if (query.fresh !== undefined && !isCurrentFreshKey(query.fresh, now)) {
    throw new DomainError('VALIDATION_FAILED', 'Some fields are missing or invalid.', [
      { field: 'query.fresh', message: "Use the current time's key" },
    ]);
  }
  const window = validateSlotWindow({ from: new Date(query.from), to: new Date(query.to), duration: query.duration });
  const coach = await publishedCoach(path.coachId);
  const [availability, sessions, calendarBusy] = await Promise.all([
    availabilityOfCoach(coach.userId),
    busyIntervalsOfCoach(coach.userId, window.from, window.to, now),
    cachedBusyTimes(coach.userId),
  ]);
  const body: SlotList = {
    slots: slotsInWindow({
      availability,
      busy: [...sessions, ...calendarBusy],
      durationMinutes: window.durationMinutes,
      window: { from: window.from, to: window.to },
      now,
    }),
  };
  return { status: 200, body, headers: edgeCached('slots') };
});
