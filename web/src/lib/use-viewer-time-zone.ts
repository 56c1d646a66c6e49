import { profile } from '@functions/schemas/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useAuth } from './auth';

const profileTimeZone = profile.pick({ timezone: true });

export const getProfileTimeZone = async () => profileTimeZone.parse(await api.get('/me')).timezone;

export const profileTimeZoneQuery = () => queryOptions({ queryKey: ['me', 'timezone'], queryFn: getProfileTimeZone });

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone slot times are shown in: the profile's zone when signed in, else the browser's
 * (also while the profile loads, or when there is no profile yet).
 */
export function useViewerTimeZone(): string {
  const { user } = useAuth();
  const { data } = useQuery({ ...profileTimeZoneQuery(), enabled: Boolean(user) });
  return (user && data) || browserTimeZone();
}
