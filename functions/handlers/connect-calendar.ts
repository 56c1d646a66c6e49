import { CALENDAR_CONSENT_SECONDS } from '../data/calendar-connections';
import { bindToBrowser, calendarConsentPurpose } from '../http/browser-binding';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { calendarProviderPath } from '../schemas/mentor-calendars';
import { startCalendarConnect } from '../workflows/calendars/connect-calendar';

/** `POST /api/me/calendars/{provider}/connect` → `{url}`, the provider's consent page; the cookie binds it to this browser. */
export const handler = httpHandler(
  { schemas: { path: calendarProviderPath }, auth: true },
  async ({ caller, path, now }) => {
    const profile = await requireMentor(caller);
    const binding = bindToBrowser(calendarConsentPurpose(path.provider), CALENDAR_CONSENT_SECONDS);
    const url = await startCalendarConnect(profile.userId, path.provider, binding.hash, now);
    return { status: 200, body: { url }, headers: { 'set-cookie': binding.setCookie } };
  },
);
