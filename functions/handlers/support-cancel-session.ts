import { SUPPORT_GROUP } from '../domain/support-group';
import { httpHandler } from '../http/handler';
import { sessionPath } from '../schemas/session';
import { supportCancelInput } from '../schemas/support';
import { cancelBySupport } from '../workflows/booking/cancellation';

/** `POST /api/support/sessions/{id}/cancel {reason, refund}` → the cancelled session's refund (support only). */
export const handler = httpHandler(
  { schemas: { path: sessionPath, body: supportCancelInput }, auth: true, staff: [SUPPORT_GROUP] },
  async ({ path, body, caller, now }) => {
    const session = await cancelBySupport(path.id, caller.userId, body, now);
    return {
      status: 200,
      body: {
        id: session.id,
        status: session.status,
        refund: session.refund ?? null,
        transferId: session.transferId ?? null,
      },
    };
  },
);
