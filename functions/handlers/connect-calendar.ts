import { calendarConsentPages } from '../http/calendar-consent';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { consentStarted } from '../http/oauth-consent';
import { calendarProviderPath } from '../schemas/mentor-calendars';
import { startCalendarConnect } from '../workflows/calendars/connect-calendar';

/** `POST /api/me/calendars/{provider}/connect` → `{url}`, the provider's consent page; the cookie binds it to this browser. */
export const handler = httpHandler(
  { schemas: { path: calendarProviderPath }, auth: true },
  async ({ caller, path, now }) => {
    const profile = await requireMentor(caller);
    return consentStarted(calendarConsentPages(path.provider), (browserHash) =>
      startCalendarConnect(profile.userId, path.provider, browserHash, now),
    );
  },
);
