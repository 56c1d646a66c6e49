import { httpHandler } from '../http/handler';
import { subscribe } from '../workflows/plans/subscriptions';
import { newSubscription } from '../schemas/plans';

/**
 * `POST /api/subscriptions {coachId}` → 201 `{subscription, checkoutUrl}`, or 200 with the same
 * subscription and Checkout when the mentee's earlier one for this coach is still unpaid.
 */
export const handler = httpHandler(
  { schemas: { body: newSubscription }, auth: true },
  async ({ body, caller, now }) => {
    const { resumed, ...started } = await subscribe(caller.userId, body.coachId, now);
    return { status: resumed ? 200 : 201, body: started };
  },
);
