import { httpHandler } from '../http/handler';
import { calendarChoicesInput, calendarProviderPath } from '../schemas/mentor-calendars';
import { chooseCalendars } from '../workflows/calendars/mentor-calendars';

/** `PATCH /api/me/calendars/{provider}`: which calendars block time, and the one that receives bookings. */
export const handler = httpHandler(
  { schemas: { path: calendarProviderPath, body: calendarChoicesInput }, auth: true },
  async ({ caller, path, body, now }) => ({
    status: 200,
    body: await chooseCalendars(caller.userId, path.provider, body.calendars, now),
  }),
);
