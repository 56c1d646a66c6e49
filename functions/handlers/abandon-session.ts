import { httpHandler } from '../http/handler';
import { sessionPath } from '../schemas/session';
import { viewForParty } from '../http/party-session-view';
import { sessionOfParty } from '../workflows/booking/party-session';
import { abandonPendingSession } from '../workflows/payments/payment-settlement';

/**
 * `POST /api/sessions/{id}/abandon`: the payer came back from checkout without paying. Only the
 * mentee (the payer) may, and only a pending payment changes; anything else answers as it stands.
 */
export const handler = httpHandler({ schemas: { path: sessionPath }, auth: true }, async ({ path, caller, now }) => {
  const session = await sessionOfParty(path.id, caller.userId);
  const current = session.menteeId === caller.userId ? await abandonPendingSession(session, now) : session;
  return { status: 200, body: await viewForParty(current, caller.userId) };
});
