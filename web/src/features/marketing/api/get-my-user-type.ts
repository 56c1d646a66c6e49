import type { Profile } from '@functions/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The signed-in user's type, for the home page's mentor redirect; null when there is no profile yet. */
export function useMyUserType(enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'userType'],
    enabled,
    queryFn: async () => {
      try {
        return (await api.get<Pick<Profile, 'userType'>>('/me')).userType;
      } catch {
        // A missing profile or an API failure only means no redirect.
        return null;
      }
    },
  });
}
