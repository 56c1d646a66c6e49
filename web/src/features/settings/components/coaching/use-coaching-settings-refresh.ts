import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query-keys';

/** Spec section 4: another part of the app fires this window event to have the coaching tab reload. */
export const COACHING_SETTINGS_REFRESH_EVENT = 'coaching-settings-refresh';

export function useCoachingSettingsRefresh() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => {
      for (const queryKey of [queryKeys.me.profile(), queryKeys.me.availability(), queryKeys.me.publication()]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    };
    window.addEventListener(COACHING_SETTINGS_REFRESH_EVENT, reload);
    return () => window.removeEventListener(COACHING_SETTINGS_REFRESH_EVENT, reload);
  }, [queryClient]);
}
