import { httpHandler } from '../http/handler';
import { toSubscriptionView } from '../http/views/subscription';
import { newSubscription } from '../schemas/plans';
import { subscribe } from '../workflows/plans/subscriptions';

/**
 * `POST /api/subscriptions {coachId}` → 201 `{subscription, checkoutUrl}`, or 200 with the same
 * subscription and Checkout when the mentee's earlier one for this coach is still unpaid.
 */
export const handler = httpHandler(
  { schemas: { body: newSubscription }, auth: true },
  async ({ body, caller, now }) => {
    const { resumed, subscription, coach, checkoutUrl } = await subscribe(caller.userId, body.coachId, now);
    return {
      status: resumed ? 200 : 201,
      body: { subscription: toSubscriptionView(subscription, caller.userId, coach, now), checkoutUrl },
    };
  },
);
