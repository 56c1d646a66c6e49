import { calendarConsentPurpose, clearBrowserBinding, isSameBrowser } from '../http/browser-binding';
import { httpHandler } from '../http/handler';
import { siteOrigin } from '../runtime/site';
import { calendarProviderPath } from '../schemas/mentor-calendars';
import { serviceCallbackQuery } from '../schemas/service-connection';
import { finishCalendarConnect } from '../workflows/calendars/connect-calendar';

/**
 * `GET /api/calendars/{provider}/callback`: the provider sends the browser here after consent; it
 * goes on to the coaching settings with `calendar=connected` or `calendar_error=…`.
 */
export const handler = httpHandler(
  { schemas: { path: calendarProviderPath, query: serviceCallbackQuery } },
  async ({ path, query, event, now }) => {
    const purpose = calendarConsentPurpose(path.provider);
    const { outcome, sameBrowser } = await finishCalendarConnect(
      path.provider,
      query,
      (browserHash) => isSameBrowser(event, purpose, browserHash),
      now,
    );
    return {
      status: 302,
      headers: {
        location: `${siteOrigin()}/settings?${new URLSearchParams({ tab: 'coaching', ...outcome })}`,
        ...(sameBrowser ? { 'set-cookie': clearBrowserBinding(purpose) } : {}),
      },
    };
  },
);
