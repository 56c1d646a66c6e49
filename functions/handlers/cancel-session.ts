import { withinDailyQuota } from '../data/quotas';
import { httpHandler } from '../http/handler';
import { sessionPath } from '../schemas/session';
import { cancelSessionInput } from '../schemas/session-actions';
import { cancelByParty } from '../workflows/booking/cancellation';
import { viewForParty } from '../http/party-session-view';
import { sessionOfParty } from '../workflows/booking/party-session';

/** `POST /api/sessions/{id}/cancel {reason}` → the cancelled session as the caller sees it. */
export const handler = httpHandler(
  { schemas: { path: sessionPath, body: cancelSessionInput }, auth: true },
  async ({ path, body, caller, now }) => {
    const session = await sessionOfParty(path.id, caller.userId);
    const cancel = () => cancelByParty(session, caller.userId, body.reason, now);
    const cancelled =
      session.menteeId === caller.userId
        ? await withinDailyQuota(caller.userId, 'cancellations', now, cancel)
        : await cancel();
    return { status: 200, body: await viewForParty(cancelled, caller.userId) };
  },
);
