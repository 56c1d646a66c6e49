import type { SubscriptionView } from '@functions/schemas/plans';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mySubscriptionsQuery } from '@/lib/my-subscriptions';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_LIMIT } from './session';

/**
 * The plan just paid for: the server lists a plan once Stripe's events say it is paid, so the list
 * is asked for again every 2 seconds until it shows the plan, up to the session's polling limit;
 * `stoppedWaiting` then says the page should tell the payer what happens next.
 */
export function usePaidPlan(subscriptionId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = mySubscriptionsQuery();
  const listed = (plans: SubscriptionView[] | undefined) => plans?.find((plan) => plan.id === subscriptionId);
  const plans = useQuery({
    ...mySubscriptionsQuery(),
    refetchInterval: (query) =>
      !listed(query.state.data) && query.state.dataUpdateCount < PAYMENT_POLL_LIMIT ? PAYMENT_POLL_INTERVAL_MS : false,
  });
  const plan = listed(plans.data);
  const answers = queryClient.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return { plans, plan, stoppedWaiting: !plan && answers >= PAYMENT_POLL_LIMIT };
}
