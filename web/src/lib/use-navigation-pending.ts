import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router';

/**
 * Whether the router is on its way to another location, asked at call time. `useNavigation()`
 * reaches a component only with the router's next render, a transition that a timer can beat.
 */
export function useNavigationPending(): () => boolean {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return useCallback(() => (router?.state.navigation.state ?? 'idle') !== 'idle', [router]);
}
