import { httpHandler } from '../http/handler';
import { toSubscriptionView } from '../http/views/subscription';
import { mySubscriptions } from '../workflows/plans/subscriptions';

/** `GET /api/me/subscriptions` → the caller's plans, as mentee and as coach. */
export const handler = httpHandler({ auth: true }, async ({ caller, now }) => {
  const mine = await mySubscriptions(caller.userId);
  return {
    status: 200,
    body: {
      subscriptions: mine.map(({ subscription, other }) => toSubscriptionView(subscription, caller.userId, other, now)),
    },
  };
});
