import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyPaymentStatus, refreshPaymentStatus } from '../../api/payment-account';
import { COACHING_SETTINGS_REFRESH_EVENT } from './use-coaching-settings-refresh';

/**
 * Onboarding finishes in the provider's tab, not this one: while the account is connected but
 * incomplete, its status is asked for again whenever this tab is looked at again, and on the
 * spec's refresh event, so the section moves on without a reload.
 */
export function usePaymentStatusOnReturn(incomplete: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!incomplete) return;
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      refreshPaymentStatus()
        .then((status) => applyPaymentStatus(queryClient, status))
        // A failed check changes nothing on screen; the next return asks again.
        .catch(() => undefined);
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener(COACHING_SETTINGS_REFRESH_EVENT, refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener(COACHING_SETTINGS_REFRESH_EVENT, refresh);
    };
  }, [incomplete, queryClient]);
}
