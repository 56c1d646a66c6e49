import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { myProfileQueryKey } from '../../api/get-my-profile';
import { myAvailabilityQueryKey } from '../../api/my-availability';
import { setupChecklistQueryKey } from '../../api/publication';

/** Spec section 4: another part of the app fires this window event to have the coaching tab reload. */
const COACHING_SETTINGS_REFRESH_EVENT = 'coaching-settings-refresh';

export function useCoachingSettingsRefresh() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => {
      for (const queryKey of [myProfileQueryKey, myAvailabilityQueryKey, setupChecklistQueryKey]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    };
    window.addEventListener(COACHING_SETTINGS_REFRESH_EVENT, reload);
    return () => window.removeEventListener(COACHING_SETTINGS_REFRESH_EVENT, reload);
  }, [queryClient]);
}
