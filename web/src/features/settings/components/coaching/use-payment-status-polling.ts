import {
  afterStatusPoll,
  STATUS_POLLING_TOASTS,
  type StatusPolling,
  startStatusPolling,
} from '@functions/domain/payment-account';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { applyPaymentStatus, refreshPaymentStatus } from '../../api/payment-account';

/** One toast that each phase replaces, so a re-run effect never stacks a second one. */
const TOAST_ID = 'payment-status-polling';

function showPhase(phase: StatusPolling['phase']) {
  const { title, description, destructive } = STATUS_POLLING_TOASTS[phase];
  if (phase === 'polling') toast.loading(title, { id: TOAST_ID, description });
  else if (destructive) toast.error(title, { id: TOAST_ID, description });
  else toast.success(title, { id: TOAST_ID, description });
}

/**
 * Back from payment onboarding (spec section 4): asks for the account's status every 2 seconds,
 * at most 5 times, until onboarding is complete, and reports the outcome.
 */
export function usePaymentStatusPolling(active: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = (state: StatusPolling) => {
      if (state.phase !== 'polling') return showPhase(state.phase);
      timer = setTimeout(async () => {
        const answer = await refreshPaymentStatus().catch(() => 'failed' as const);
        if (cancelled) return;
        if (answer !== 'failed') applyPaymentStatus(queryClient, answer);
        step(afterStatusPoll(state.attempt, answer));
      }, state.delayMs);
    };
    showPhase('polling');
    step(startStatusPolling());
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [active, queryClient]);
}
