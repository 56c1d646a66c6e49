import { type PaymentStatus, paymentAccountLink, paymentStatus } from '@functions/schemas/payment-account';
import type { Profile } from '@functions/schemas/profile';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A fresh single-use provider page: onboarding ('create') or the Express dashboard. */
export const requestPaymentAccountLink = async (action: 'create' | 'dashboard'): Promise<string> =>
  paymentAccountLink.parse(await api.post('/me/payment-account', { action })).url;

export const refreshPaymentStatus = async (): Promise<PaymentStatus> =>
  paymentStatus.parse(await api.post('/me/payment-account', { action: 'refresh_status' }));

/** Puts a fresh status into the cached profile, so the payment section and checklist follow it. */
export function applyPaymentStatus(queryClient: QueryClient, status: PaymentStatus) {
  queryClient.setQueryData<Profile>(
    queryKeys.me.profile(),
    (profile) =>
      profile && {
        ...profile,
        paymentAccount: { connected: status.connected, onboardingComplete: status.onboardingComplete },
      },
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.me.publication() });
}
