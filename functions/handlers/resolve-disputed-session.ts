import { httpHandler } from '../http/handler';
import { SUPPORT_GROUP } from '../domain/support-group';
import { sessionPath } from '../schemas/session';
import { resolveSessionInput } from '../schemas/session-outcome';
import { resolveDisputedSession } from '../workflows/booking/session-outcomes';

/** `POST /api/support/sessions/{id}/resolve {resolution, refundCents?, note}` → the session's outcome and money as resolved (support only). */
export const handler = httpHandler(
  { schemas: { path: sessionPath, body: resolveSessionInput }, auth: true, staff: [SUPPORT_GROUP] },
  async ({ path, body, caller, now }) => {
    const session = await resolveDisputedSession(path.id, caller.userId, body, now);
    return {
      status: 200,
      body: {
        id: session.id,
        outcome: session.outcome,
        resolution: session.resolution,
        refund: session.refund ?? null,
        transferId: session.transferId ?? null,
      },
    };
  },
);
