import { googleCalendar } from '../../adapters/google-calendar';
import { microsoftCalendar } from '../../adapters/microsoft-calendar';
import type { CalendarProvider, CalendarProviderId } from '../../domain/ports';
import { port } from '../composition-root';

/** What the calendars are built from: each app's credentials and the providers' addresses. */
const CALENDAR_SETTINGS = [
  'GOOGLE_CALENDAR_CLIENT_ID',
  'GOOGLE_CALENDAR_CLIENT_SECRET',
  'GOOGLE_AUTHORIZE_URL',
  'GOOGLE_TOKEN_URL',
  'GOOGLE_REVOKE_URL',
  'GOOGLE_CALENDAR_API_URL',
  'MICROSOFT_CALENDAR_CLIENT_ID',
  'MICROSOFT_CALENDAR_CLIENT_SECRET',
  'MICROSOFT_AUTHORIZE_URL',
  'MICROSOFT_TOKEN_URL',
  'MICROSOFT_GRAPH_URL',
] as const;

/**
 * Google's and Microsoft's, each where its app credentials are set (else none), at the providers' own
 * addresses unless the configuration names others (`npm start` sets its stand-ins': bin/local/calendar-standins.ts).
 */
export const calendarProvider = (id: CalendarProviderId): CalendarProvider | null => {
  const env = process.env;
  const settings = CALENDAR_SETTINGS.map((name) => env[name] ?? '').join(' ');
  return port(
    'calendars',
    () => ({
      google:
        env.GOOGLE_CALENDAR_CLIENT_ID && env.GOOGLE_CALENDAR_CLIENT_SECRET
          ? googleCalendar({
              clientId: env.GOOGLE_CALENDAR_CLIENT_ID,
              clientSecret: env.GOOGLE_CALENDAR_CLIENT_SECRET,
              authorizeUrl: env.GOOGLE_AUTHORIZE_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
              tokenUrl: env.GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
              revokeUrl: env.GOOGLE_REVOKE_URL ?? 'https://oauth2.googleapis.com/revoke',
              apiUrl: env.GOOGLE_CALENDAR_API_URL ?? 'https://www.googleapis.com/calendar/v3',
            })
          : null,
      microsoft:
        env.MICROSOFT_CALENDAR_CLIENT_ID && env.MICROSOFT_CALENDAR_CLIENT_SECRET
          ? microsoftCalendar({
              clientId: env.MICROSOFT_CALENDAR_CLIENT_ID,
              clientSecret: env.MICROSOFT_CALENDAR_CLIENT_SECRET,
              authorizeUrl:
                env.MICROSOFT_AUTHORIZE_URL ?? 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
              tokenUrl: env.MICROSOFT_TOKEN_URL ?? 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
              apiUrl: env.MICROSOFT_GRAPH_URL ?? 'https://graph.microsoft.com/v1.0',
            })
          : null,
    }),
    settings,
  )[id];
};
