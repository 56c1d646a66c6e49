import {
  type CalendarChoicesInput,
  type CalendarConnectionView,
  calendarConnectionView,
} from '@functions/schemas/mentor-calendars';
import { serviceConnectLink } from '@functions/schemas/service-connection';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type Provider = CalendarConnectionView['provider'];

/** The provider's consent page; it sends the browser back to /settings?tab=coaching&calendar=connected (or calendar_error=…). */
export const requestCalendarAuthorization = async (provider: Provider): Promise<string> =>
  serviceConnectLink.parse(await api.post(`/me/calendars/${provider}/connect`)).url;

function useCalendarMutation<Variables>(mutationFn: (variables: Variables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Busy times changed with the choice: the mentor's own slots are refetched wherever they are shown.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me.calendars() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.coaches.all }),
      ]),
  });
}

export const useChooseCalendars = () =>
  useCalendarMutation(async ({ provider, calendars }: { provider: Provider } & CalendarChoicesInput) =>
    calendarConnectionView.parse(await api.patch(`/me/calendars/${provider}`, { calendars })),
  );

export const useDisconnectCalendar = () =>
  useCalendarMutation((provider: Provider) => api.delete(`/me/calendars/${provider}`));
