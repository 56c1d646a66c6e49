import { googleCalendar } from './google-calendar';
import { microsoftCalendar } from './microsoft-calendar';
import type { CalendarProvider, CalendarProviderId } from '../domain/ports';

/** The provider with its app credentials, or null where this deployment has none (`npm start` sets the stand-ins'). */
export function calendarProviderFromEnvironment(id: CalendarProviderId): CalendarProvider | null {
  const env = process.env;
  if (id === 'google') {
    return env.GOOGLE_CALENDAR_CLIENT_ID && env.GOOGLE_CALENDAR_CLIENT_SECRET
      ? googleCalendar({
          clientId: env.GOOGLE_CALENDAR_CLIENT_ID,
          clientSecret: env.GOOGLE_CALENDAR_CLIENT_SECRET,
          authorizeUrl: env.GOOGLE_AUTHORIZE_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
          tokenUrl: env.GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
          revokeUrl: env.GOOGLE_REVOKE_URL ?? 'https://oauth2.googleapis.com/revoke',
          apiUrl: env.GOOGLE_CALENDAR_API_URL ?? 'https://www.googleapis.com/calendar/v3',
        })
      : null;
  }
  return env.MICROSOFT_CALENDAR_CLIENT_ID && env.MICROSOFT_CALENDAR_CLIENT_SECRET
    ? microsoftCalendar({
        clientId: env.MICROSOFT_CALENDAR_CLIENT_ID,
        clientSecret: env.MICROSOFT_CALENDAR_CLIENT_SECRET,
        authorizeUrl: env.MICROSOFT_AUTHORIZE_URL ?? 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
        tokenUrl: env.MICROSOFT_TOKEN_URL ?? 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
        apiUrl: env.MICROSOFT_GRAPH_URL ?? 'https://graph.microsoft.com/v1.0',
      })
    : null;
}
