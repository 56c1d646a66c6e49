import { SUPPORT_GROUP } from '../domain/support-group';
import { httpHandler } from '../http/handler';
import { deadLetterPath, reasonInput } from '../schemas/support';
import { redriveDeadLetter } from '../workflows/support/dead-letters';

/** `POST /api/support/dead-letters/{id}/redrive {reason}` → 202: the job runs again, once (support only). */
export const handler = httpHandler(
  { schemas: { path: deadLetterPath, body: reasonInput }, auth: true, staff: [SUPPORT_GROUP] },
  async ({ path, body, caller, now }) => {
    const { payload, ...letter } = await redriveDeadLetter(path.id, caller.userId, body.reason, now);
    return { status: 202, body: { redriven: letter } };
  },
);
