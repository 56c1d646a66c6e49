import { earnings } from '@functions/schemas/ledger';
import { paymentAccountLink } from '@functions/schemas/payment-account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const myEarningsQuery = () =>
  queryOptions({
    queryKey: queryKeys.me.earnings(),
    queryFn: async () => earnings.parse(await api.get('/me/earnings')),
  });

export const useMyEarnings = () => useQuery(myEarningsQuery());

/** A fresh single-use link into the coach's Stripe Express dashboard, where payouts are. */
export const requestPayoutDashboardLink = async (): Promise<string> =>
  paymentAccountLink.parse(await api.post('/me/payment-account', { action: 'dashboard' })).url;
