import { calendarConnectionsOf } from '../data/calendar-connections';
import { httpHandler } from '../http/handler';
import { toCalendarConnectionView } from '../http/views/calendar-connection';
import type { CalendarConnectionList } from '../schemas/mentor-calendars';

/** `GET /api/me/calendars`: the caller's calendar connections; never a token. */
export const handler = httpHandler({ auth: true }, async ({ caller }) => {
  const body: CalendarConnectionList = {
    connections: (await calendarConnectionsOf(caller.userId)).map(toCalendarConnectionView),
  };
  return { status: 200, body };
});
