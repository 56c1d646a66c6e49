import {
  type SubscriptionView,
  subscriptionCreated,
  subscriptionList,
  subscriptionView,
} from '@functions/schemas/plans';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** `GET /me/subscriptions`: the signed-in user's paid plans, as mentee and as coach. */
export const mySubscriptionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.me.subscriptions(),
    queryFn: async () => subscriptionList.parse(await api.get('/me/subscriptions')).subscriptions,
  });

/** Pass `enabled: false` while nobody is signed in. */
export const useMySubscriptions = (enabled = true) => useQuery({ ...mySubscriptionsQuery(), enabled });

/** `POST /subscriptions`: an unpaid plan and the Checkout page that pays its first month. */
export const subscribeToPlan = async (coachId: string) =>
  subscriptionCreated.parse(await api.post('/subscriptions', { coachId }));

/** Either party ends a plan when its paid period does; its sessions stay until then. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscriptionId: string) =>
      subscriptionView.parse(await api.post(`/subscriptions/${subscriptionId}/cancel`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.subscriptions() }),
  });
}

/** The signed-in mentee's running plan with this coach (paid, possibly past due), if any. */
export function useMyPlanWith(coachId: string, enabled: boolean): SubscriptionView | undefined {
  const plans = useMySubscriptions(enabled);
  return plans.data?.find(
    (plan) => plan.viewerRole === 'mentee' && plan.coachId === coachId && plan.status !== 'canceled',
  );
}

/** "1 of 2 left this month". */
export const creditsLeftLabel = (plan: Pick<SubscriptionView, 'creditsLeft' | 'sessionsPerMonth'>) =>
  `${plan.creditsLeft} of ${plan.sessionsPerMonth} left this month`;
