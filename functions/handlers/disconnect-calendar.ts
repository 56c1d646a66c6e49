import { httpHandler } from '../http/handler';
import { calendarProviderPath } from '../schemas/mentor-calendars';
import { disconnectCalendar } from '../workflows/calendars/disconnect-calendar';

/** `DELETE /api/me/calendars/{provider}` → 204: the grant revoked and the tokens deleted. */
export const handler = httpHandler(
  { schemas: { path: calendarProviderPath }, auth: true },
  async ({ caller, path, now }) => {
    await disconnectCalendar(caller.userId, path.provider, now);
    return { status: 204 };
  },
);
