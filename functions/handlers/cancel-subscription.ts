import { httpHandler } from '../http/handler';
import { toSubscriptionView } from '../http/views/subscription';
import { subscriptionPath } from '../schemas/plans';
import { cancelAtPeriodEnd } from '../workflows/plans/subscriptions';

/** `POST /api/subscriptions/{id}/cancel` → the subscription, `cancelAtPeriodEnd: true`. */
export const handler = httpHandler(
  { schemas: { path: subscriptionPath }, auth: true },
  async ({ path, caller, now }) => {
    const { subscription, other } = await cancelAtPeriodEnd(caller.userId, path.id, now);
    return { status: 200, body: toSubscriptionView(subscription, caller.userId, other, now) };
  },
);
