import { authorizationCodeFlow, failedCall, type OAuthClient } from './calendar-providers';
import { boundedFetch } from '../runtime/dependency-budget';
import type { BookingEvent, CalendarProvider } from '../domain/ports';

/** Calendars.ReadWrite for busy times and events; offline_access for a refresh token. Nothing else. */
export const MICROSOFT_CALENDAR_SCOPES = ['offline_access', 'Calendars.ReadWrite'];

interface MicrosoftSettings extends OAuthClient {
  apiUrl: string;
}

const LABEL = 'Microsoft 365';
/** Our own named property on the events we write, so an event can be traced back to its session. */
const SESSION_PROPERTY = 'String {66f5a359-4659-4830-9070-00047ec6ac6e} Name sessionId';
/** Graph's `showAs` values that leave the time free. */
const FREE_SHOW_AS = new Set(['free', 'workingElsewhere']);
/** A bound on paging, far above a month of anyone's calendar. */
const MAX_PAGES = 20;

interface GraphTime {
  dateTime: string;
  timeZone: string;
}

/** With `Prefer: outlook.timezone="UTC"` Graph answers `2026-01-05T09:00:00.0000000` in UTC, with no offset. */
const fromGraphTime = (time: GraphTime) => new Date(`${time.dateTime.replace(/(\.\d{3})\d*$/, '$1')}Z`).toISOString();
const toGraphTime = (instant: string): GraphTime => ({ dateTime: instant.replace(/Z$/, ''), timeZone: 'UTC' });

/** Microsoft Graph (calendars, calendarView, events) and the Microsoft identity platform's v2.0 endpoints. */
export function microsoftCalendar(settings: MicrosoftSettings): CalendarProvider {
  const api = (accessToken: string, pathOrUrl: string, init: RequestInit = {}, timeoutMs?: number) =>
    boundedFetch(
      LABEL,
      pathOrUrl.startsWith('http') ? pathOrUrl : `${settings.apiUrl}${pathOrUrl}`,
      {
        ...init,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          prefer: 'outlook.timezone="UTC"',
          ...init.headers,
        },
      },
      timeoutMs,
    );
  const eventBody = (event: BookingEvent) => ({
    subject: event.title,
    body: {
      contentType: 'text',
      content: event.meetingUrl ? `${event.description}\n\nJoin: ${event.meetingUrl}` : event.description,
    },
    start: toGraphTime(event.start),
    end: toGraphTime(event.end),
    ...(event.meetingUrl ? { location: { displayName: event.meetingUrl } } : {}),
    showAs: 'busy',
  });
  const scope = MICROSOFT_CALENDAR_SCOPES.join(' ');

  return {
    id: 'microsoft',
    label: LABEL,
    ...authorizationCodeFlow(LABEL, settings, {
      authorize: { scope, response_mode: 'query', prompt: 'select_account' },
      token: { scope },
    }),

    // The identity platform has no endpoint that revokes one app's grant; deleting the tokens ends our access.
    revoke: async () => undefined,

    async calendars(accessToken) {
      const response = await api(accessToken, '/me/calendars?$select=id,name,isDefaultCalendar,canEdit,owner');
      if (!response.ok) await failedCall(LABEL, 'calendar list', response);
      const { value } = (await response.json()) as {
        value: {
          id: string;
          name: string;
          isDefaultCalendar?: boolean;
          canEdit?: boolean;
          owner?: { address?: string };
        }[];
      };
      const primary = value.find((calendar) => calendar.isDefaultCalendar);
      const account = primary?.owner?.address;
      if (!primary || !account) throw new Error(`${LABEL} has no default calendar with an owner`);
      return {
        account,
        calendars: value
          .filter((calendar) => calendar.canEdit !== false)
          .map((calendar) => ({ id: calendar.id, name: calendar.name, primary: calendar === primary })),
      };
    },

    async busy(accessToken, calendarIds, from, to, timeoutMs) {
      const pages = await Promise.all(
        calendarIds.map(async (calendarId) => {
          const events: { showAs?: string; isCancelled?: boolean; start: GraphTime; end: GraphTime }[] = [];
          let next: string | undefined =
            `/me/calendars/${encodeURIComponent(calendarId)}/calendarView?${new URLSearchParams({
              startDateTime: from.toISOString(),
              endDateTime: to.toISOString(),
              $select: 'showAs,isCancelled,start,end',
              $top: '500',
            })}`;
          for (let page = 0; next && page < MAX_PAGES; page++) {
            const response = await api(accessToken, next, {}, timeoutMs);
            if (!response.ok) await failedCall(LABEL, 'calendarView', response);
            const body = (await response.json()) as { value: typeof events; '@odata.nextLink'?: string };
            events.push(...body.value);
            next = body['@odata.nextLink'];
          }
          return events;
        }),
      );
      return pages
        .flat()
        .filter((event) => !event.isCancelled && !FREE_SHOW_AS.has(event.showAs ?? 'busy'))
        .map((event) => ({ start: fromGraphTime(event.start), end: fromGraphTime(event.end) }));
    },

    async createEvent(accessToken, calendarId, event) {
      const response = await api(accessToken, `/me/calendars/${encodeURIComponent(calendarId)}/events`, {
        method: 'POST',
        body: JSON.stringify({
          ...eventBody(event),
          singleValueExtendedProperties: [{ id: SESSION_PROPERTY, value: event.sessionId }],
        }),
      });
      if (!response.ok) await failedCall(LABEL, 'event create', response);
      return ((await response.json()) as { id: string }).id;
    },

    async updateEvent(accessToken, _calendarId, eventId, event) {
      const response = await api(accessToken, `/me/events/${encodeURIComponent(eventId)}`, {
        method: 'PATCH',
        body: JSON.stringify(eventBody(event)),
      });
      if (!response.ok) await failedCall(LABEL, 'event update', response);
    },

    async deleteEvent(accessToken, _calendarId, eventId) {
      const response = await api(accessToken, `/me/events/${encodeURIComponent(eventId)}`, { method: 'DELETE' });
      if (!response.ok && response.status !== 404 && response.status !== 410) {
        await failedCall(LABEL, 'event delete', response);
      }
    },
  };
}
