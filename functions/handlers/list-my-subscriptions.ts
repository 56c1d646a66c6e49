import { httpHandler } from '../http/handler';
import { mySubscriptions } from '../workflows/plans/subscriptions';

/** `GET /api/me/subscriptions` → the caller's plans, as mentee and as coach. */
export const handler = httpHandler({ auth: true }, async ({ caller, now }) => ({
  status: 200,
  body: { subscriptions: await mySubscriptions(caller.userId, now) },
}));
