import { httpHandler } from '../http/handler';
import { coachPath } from '../schemas/coach';
import { type ExternalEventView, externalEventQuery } from '../schemas/external-calendar';
import { previewExternalBooking } from '../workflows/booking/booking';

/** `GET /api/coaches/{coachId}/external-events?uri=…` → the event's times and price, read from the coach's calendar. */
export const handler = httpHandler(
  { schemas: { path: coachPath, query: externalEventQuery }, auth: true },
  async ({ path, query, caller, now }) => {
    const view: ExternalEventView = await previewExternalBooking(caller.userId, path.coachId, query.uri, now);
    return { status: 200, body: view };
  },
);
