import { httpHandler } from '../http/handler';
import { sessionPath } from '../schemas/session';
import { viewForParty } from '../http/party-session-view';
import { sessionOfParty } from '../workflows/booking/party-session';
import { reconcilePendingSession } from '../workflows/payments/payment-settlement';

/** `GET /api/sessions/{id}`: parties only; a pending payment is first checked with the provider. */
export const handler = httpHandler({ schemas: { path: sessionPath }, auth: true }, async ({ path, caller, now }) => {
  const session = await reconcilePendingSession(await sessionOfParty(path.id, caller.userId), now);
  return { status: 200, body: await viewForParty(session, caller.userId) };
});
