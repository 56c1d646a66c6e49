import { useQuery } from '@tanstack/react-query';
import { FINANCE_GROUP } from '@functions/domain/finance-group';
import { SUPPORT_GROUP } from '@functions/domain/support-group';
import { sessionTokens, useAuth } from './auth';

/** The Cognito groups a token's payload names in its `cognito:groups` claim. */
export function tokenGroups(payload: Record<string, unknown> | undefined): string[] {
  const groups = payload?.['cognito:groups'];
  return Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [];
}

/**
 * The signed-in user's groups, read from the session's tokens only once a user is signed in (never
 * before the first render): [] when signed out, undefined while still being read. Only decides what
 * the SPA offers: the API checks the group itself on every staff request.
 */
function useMyGroups(): string[] | undefined {
  const { user } = useAuth();
  const { data } = useQuery({
    queryKey: ['auth', 'groups', user?.userId],
    queryFn: async () => {
      const tokens = await sessionTokens();
      return tokenGroups(tokens?.idToken?.payload ?? tokens?.accessToken?.payload);
    },
    enabled: Boolean(user),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return user ? data : [];
}

/** Whether the signed-in user is in `group`; undefined while the groups are still being read. */
function useMembership(group: string): boolean | undefined {
  return useMyGroups()?.includes(group);
}

/** Whether the signed-in user is in the finance group (false while unknown): what the header offers. */
export function useIsFinanceMember(): boolean {
  return useFinanceMembership() === true;
}

/** As useIsFinanceMember, but undefined while the groups are still being read. */
export const useFinanceMembership = () => useMembership(FINANCE_GROUP);

/** Whether the signed-in user is in the support group (false while unknown): what the header offers. */
export function useIsSupportMember(): boolean {
  return useSupportMembership() === true;
}

/** As useIsSupportMember, but undefined while the groups are still being read. */
export const useSupportMembership = () => useMembership(SUPPORT_GROUP);
