import { httpHandler } from '../http/handler';
import { cancelAtPeriodEnd } from '../workflows/plans/subscriptions';
import { subscriptionPath } from '../schemas/plans';

/** `POST /api/subscriptions/{id}/cancel` → the subscription, `cancelAtPeriodEnd: true`. */
export const handler = httpHandler(
  { schemas: { path: subscriptionPath }, auth: true },
  async ({ path, caller, now }) => ({
    status: 200,
    body: await cancelAtPeriodEnd(caller.userId, path.id, now),
  }),
);
