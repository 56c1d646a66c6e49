import { httpHandler } from '../http/handler';
import { subscribe } from '../plans/subscriptions';
import { newSubscription } from '../schemas/plans';

/** `POST /api/subscriptions {coachId}` → 201 `{subscription, checkoutUrl}`. */
export const handler = httpHandler(
  { schemas: { body: newSubscription }, auth: true },
  async ({ body, caller, now }) => ({
    status: 201,
    body: await subscribe(caller.userId, body.coachId, now),
  }),
);
