import { calendarConsentPages } from '../http/calendar-consent';
import { httpHandler } from '../http/handler';
import { consentFinished } from '../http/oauth-consent';
import { calendarProviderPath } from '../schemas/mentor-calendars';
import { serviceCallbackQuery } from '../schemas/service-connection';
import { finishCalendarConnect } from '../workflows/calendars/connect-calendar';

/** `GET /api/calendars/{provider}/callback`: the provider sends the browser here after consent. */
export const handler = httpHandler(
  { schemas: { path: calendarProviderPath, query: serviceCallbackQuery } },
  async ({ path, query, event, now }) =>
    consentFinished(calendarConsentPages(path.provider), event, (isThisBrowser) =>
      finishCalendarConnect(path.provider, query, isThisBrowser, now),
    ),
);
