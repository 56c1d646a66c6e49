import { httpHandler } from '../http/handler';
import { toCalendarConnectionView } from '../http/views/calendar-connection';
import { calendarChoicesInput, calendarProviderPath } from '../schemas/mentor-calendars';
import { chooseCalendars } from '../workflows/calendars/calendar-choices';

/** `PATCH /api/me/calendars/{provider}`: which calendars block time, and the one that receives bookings. */
export const handler = httpHandler(
  { schemas: { path: calendarProviderPath, body: calendarChoicesInput }, auth: true },
  async ({ caller, path, body, now }) => ({
    status: 200,
    body: toCalendarConnectionView(await chooseCalendars(caller.userId, path.provider, body.calendars, now)),
  }),
);
