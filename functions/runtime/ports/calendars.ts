import { googleCalendar } from '../../adapters/google-calendar';
import { microsoftCalendar } from '../../adapters/microsoft-calendar';
import type { CalendarProvider, CalendarProviderId } from '../../domain/ports';
import { port } from '../composition-root';
import { configuredOAuthApp } from './oauth-app';

const GOOGLE_APP = {
  clientId: 'GOOGLE_CALENDAR_CLIENT_ID',
  clientSecret: 'GOOGLE_CALENDAR_CLIENT_SECRET',
  addresses: {
    authorizeUrl: ['GOOGLE_AUTHORIZE_URL', 'https://accounts.google.com/o/oauth2/v2/auth'],
    tokenUrl: ['GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token'],
    revokeUrl: ['GOOGLE_REVOKE_URL', 'https://oauth2.googleapis.com/revoke'],
    apiUrl: ['GOOGLE_CALENDAR_API_URL', 'https://www.googleapis.com/calendar/v3'],
  },
} as const;

const MICROSOFT_APP = {
  clientId: 'MICROSOFT_CALENDAR_CLIENT_ID',
  clientSecret: 'MICROSOFT_CALENDAR_CLIENT_SECRET',
  addresses: {
    authorizeUrl: ['MICROSOFT_AUTHORIZE_URL', 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize'],
    tokenUrl: ['MICROSOFT_TOKEN_URL', 'https://login.microsoftonline.com/common/oauth2/v2.0/token'],
    apiUrl: ['MICROSOFT_GRAPH_URL', 'https://graph.microsoft.com/v1.0'],
  },
} as const;

/**
 * Google's and Microsoft's, each where its app credentials are set, else none (`npm start` names
 * their stand-ins' addresses: bin/local/calendar-standins.ts).
 */
export const calendarProvider = (id: CalendarProviderId): CalendarProvider | null => {
  const google = configuredOAuthApp(GOOGLE_APP);
  const microsoft = configuredOAuthApp(MICROSOFT_APP);
  return port(
    'calendars',
    () => ({
      google: google.app ? googleCalendar(google.app) : null,
      microsoft: microsoft.app ? microsoftCalendar(microsoft.app) : null,
    }),
    `${google.settings} ${microsoft.settings}`,
  )[id];
};
