import { type CalendarConnectionView, calendarConnectionList } from '@functions/schemas/mentor-calendars';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

export const getMyCalendars = async (): Promise<CalendarConnectionView[]> =>
  calendarConnectionList.parse(await api.get('/me/calendars')).connections;

/** `GET /me/calendars`: read by the coaching settings and by the dashboard's reconnect banner. */
export const myCalendarsQuery = () => queryOptions({ queryKey: queryKeys.me.calendars(), queryFn: getMyCalendars });

export const useMyCalendars = (enabled = true) => useQuery({ ...myCalendarsQuery(), enabled });

export const PROVIDER_LABELS = { google: 'Google Calendar', microsoft: 'Microsoft 365 / Outlook' } as const;
