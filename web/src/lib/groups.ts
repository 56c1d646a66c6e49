import { useQuery } from '@tanstack/react-query';
import { FINANCE_GROUP } from '@functions/domain/finance-group';
import { sessionTokens, useAuth } from './auth';

/** The Cognito groups a token's payload names in its `cognito:groups` claim. */
export function tokenGroups(payload: Record<string, unknown> | undefined): string[] {
  const groups = payload?.['cognito:groups'];
  return Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [];
}

/**
 * Whether the signed-in user is in the finance group, read from the session's tokens only once a user
 * is signed in (never before the first render). Only decides what the header offers: the API checks
 * the group itself on every finance request.
 */
export function useIsFinanceMember(): boolean {
  return useFinanceMembership() === true;
}

/** As useIsFinanceMember, but undefined while the groups are still being read. */
export function useFinanceMembership(): boolean | undefined {
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
  if (!user) return false;
  return data?.includes(FINANCE_GROUP);
}
