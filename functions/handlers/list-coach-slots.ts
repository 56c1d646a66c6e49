import { DomainError } from '../domain/errors';
import { validateSlotWindow } from '../domain/slots';
import { publishedCoach } from '../http/directory';
import { edgeCached, isCurrentFreshKey } from '../http/edge-cache';
import { httpHandler } from '../http/handler';
import { coachPath, type SlotList, slotQuery } from '../schemas/coach';
import { coachSlots } from '../workflows/booking/coach-slots';

/** `GET /api/coaches/{coachId}/slots?from&to&duration&kind&fresh`: a published coach's free slots, cached at the edge. */
export const handler = httpHandler({ schemas: { path: coachPath, query: slotQuery } }, async ({ path, query, now }) => {
  if (query.fresh !== undefined && !isCurrentFreshKey(query.fresh, now)) {
    throw new DomainError('VALIDATION_FAILED', 'Some fields are missing or invalid.', [
      { field: 'query.fresh', message: "Use the current time's key" },
    ]);
  }
  const window = validateSlotWindow({ from: new Date(query.from), to: new Date(query.to), duration: query.duration });
  const coach = await publishedCoach(path.coachId);
  const body: SlotList = { slots: await coachSlots(coach.userId, { ...window, kind: query.kind }, now) };
  return { status: 200, body, headers: edgeCached('slots') };
});
