import { useQuery } from '@tanstack/react-query';
import { useAuth } from './auth';
import { myProfileQuery } from './my-profile';

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone times are shown in: the profile's zone when signed in, else the browser's (also while
 * the profile loads, or when there is no profile yet). Registration and the first third-party
 * sign-in store the browser's zone, so signing in does not move the times on screen.
 */
export function useViewerTimeZone(): string {
  const { user } = useAuth();
  const { data } = useQuery({ ...myProfileQuery(), enabled: Boolean(user), select: (profile) => profile.timezone });
  return (user && data) || browserTimeZone();
}
