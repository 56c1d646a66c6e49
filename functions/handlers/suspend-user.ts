import { SUPPORT_GROUP } from '../domain/support-group';
import { httpHandler } from '../http/handler';
import { reasonInput, userPath } from '../schemas/support';
import { suspendUser } from '../workflows/moderation/suspension';

/** `POST /api/support/users/{id}/suspend {reason}` → 200 `{userId, state, cancelledSessionIds}` (support only). */
export const handler = httpHandler(
  { schemas: { path: userPath, body: reasonInput }, auth: true, staff: [SUPPORT_GROUP] },
  async ({ path, body, caller, now }) => {
    return { status: 200, body: await suspendUser(path.id, caller.userId, body.reason, now) };
  },
);
