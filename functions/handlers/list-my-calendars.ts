import { httpHandler } from '../http/handler';
import type { CalendarConnectionList } from '../schemas/mentor-calendars';
import { myCalendarConnections } from '../workflows/calendars/mentor-calendars';

/** `GET /api/me/calendars`: the caller's calendar connections; never a token. */
export const handler = httpHandler({ auth: true }, async ({ caller }) => {
  const body: CalendarConnectionList = { connections: await myCalendarConnections(caller.userId) };
  return { status: 200, body };
});
