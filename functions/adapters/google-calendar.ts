import { authorizationCodeFlow, failedCall, type OAuthClient } from './calendar-providers';
import { boundedFetch } from '../runtime/dependency-budget';
import type { CalendarProvider } from '../domain/ports';

/** Read the calendar list, read free/busy, and write events only on calendars the mentor owns. */
export const GOOGLE_CALENDAR_SCOPES = [
  'https://www.googleapis.com/auth/calendar.calendarlist.readonly',
  'https://www.googleapis.com/auth/calendar.freebusy',
  'https://www.googleapis.com/auth/calendar.events.owned',
];

interface GoogleSettings extends OAuthClient {
  revokeUrl: string;
  apiUrl: string;
}

const LABEL = 'Google Calendar';

/** Google Calendar API v3 (calendarList, freeBusy, events) and Google's OAuth 2.0 web-server flow. */
export function googleCalendar(settings: GoogleSettings): CalendarProvider {
  const api = (accessToken: string, path: string, init: RequestInit = {}, timeoutMs?: number) =>
    boundedFetch(
      LABEL,
      `${settings.apiUrl}${path}`,
      {
        ...init,
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', ...init.headers },
      },
      timeoutMs,
    );
  const eventPath = (calendarId: string, eventId?: string) =>
    `/calendars/${encodeURIComponent(calendarId)}/events${eventId ? `/${encodeURIComponent(eventId)}` : ''}`;
  const eventBody = (event: Parameters<CalendarProvider['createEvent']>[2]) => ({
    summary: event.title,
    description: event.meetingUrl ? `${event.description}\n\nJoin: ${event.meetingUrl}` : event.description,
    ...(event.meetingUrl ? { location: event.meetingUrl } : {}),
    start: { dateTime: event.start, timeZone: 'UTC' },
    end: { dateTime: event.end, timeZone: 'UTC' },
    extendedProperties: { private: { sessionId: event.sessionId } },
  });
  return {
    id: 'google',
    label: LABEL,
    ...authorizationCodeFlow(LABEL, settings, {
      authorize: {
        scope: GOOGLE_CALENDAR_SCOPES.join(' '),
        // A refresh token, and asked for again on a reconnect (Google gives it only at consent).
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'false',
      },
    }),

    async revoke(tokens) {
      const response = await boundedFetch(LABEL, settings.revokeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: tokens.refreshToken }),
      });
      // 400 invalid_token: already revoked, which is what was asked.
      if (!response.ok && response.status !== 400) await failedCall(LABEL, 'revoke', response);
    },

    async calendars(accessToken) {
      const response = await api(accessToken, '/users/me/calendarList?minAccessRole=owner');
      if (!response.ok) await failedCall(LABEL, 'calendar list', response);
      const { items = [] } = (await response.json()) as {
        items?: { id: string; summary?: string; summaryOverride?: string; primary?: boolean }[];
      };
      const primary = items.find((item) => item.primary);
      if (!primary) throw new Error(`${LABEL} calendar list has no primary calendar`);
      return {
        // The primary calendar's id is the account's e-mail address.
        account: primary.id,
        calendars: items.map((item) => ({
          id: item.id,
          name: item.summaryOverride ?? item.summary ?? item.id,
          primary: item.primary === true,
        })),
      };
    },

    async busy(accessToken, calendarIds, from, to, timeoutMs) {
      if (!calendarIds.length) return [];
      const response = await api(
        accessToken,
        '/freeBusy',
        {
          method: 'POST',
          body: JSON.stringify({
            timeMin: from.toISOString(),
            timeMax: to.toISOString(),
            items: calendarIds.map((id) => ({ id })),
          }),
        },
        timeoutMs,
      );
      if (!response.ok) await failedCall(LABEL, 'freeBusy', response);
      // freeBusy already leaves out transparent and cancelled events, and counts all-day busy ones.
      const { calendars } = (await response.json()) as {
        calendars: Record<string, { busy?: { start: string; end: string }[]; errors?: { reason?: string }[] }>;
      };
      // A calendar Google could not read (backendError, notFound) comes back with errors and no busy
      // times: that is a failed read, never free time, so the caller keeps what it knew.
      const unread = Object.entries(calendars).filter(([, calendar]) => calendar.errors?.length);
      if (unread.length > 0) {
        const reasons = unread.map(([id, calendar]) => `${id}: ${calendar.errors?.map((e) => e.reason).join(', ')}`);
        throw new Error(`${LABEL} freeBusy could not read ${reasons.join('; ')}`);
      }
      return Object.values(calendars).flatMap((calendar) => calendar.busy ?? []);
    },

    async createEvent(accessToken, calendarId, event) {
      const response = await api(accessToken, eventPath(calendarId), {
        method: 'POST',
        body: JSON.stringify(eventBody(event)),
      });
      if (!response.ok) await failedCall(LABEL, 'event insert', response);
      return ((await response.json()) as { id: string }).id;
    },

    async updateEvent(accessToken, calendarId, eventId, event) {
      const response = await api(accessToken, eventPath(calendarId, eventId), {
        method: 'PATCH',
        body: JSON.stringify(eventBody(event)),
      });
      if (!response.ok) await failedCall(LABEL, 'event patch', response);
    },

    async deleteEvent(accessToken, calendarId, eventId) {
      const response = await api(accessToken, eventPath(calendarId, eventId), { method: 'DELETE' });
      if (!response.ok && response.status !== 404 && response.status !== 410) {
        await failedCall(LABEL, 'event delete', response);
      }
    },
  };
}
