import { httpHandler } from '../http/handler';
import { requireSupport } from '../http/support';
import { deadLetterPath, reasonInput } from '../schemas/support';
import { redriveDeadLetter } from '../workflows/operations/dead-letters';

/** `POST /api/support/dead-letters/{id}/redrive {reason}` → 202: the job runs again, once (support only). */
export const handler = httpHandler(
  { schemas: { path: deadLetterPath, body: reasonInput }, auth: true },
  async ({ path, body, caller, event, now }) => {
    await requireSupport(event);
    const { payload, ...letter } = await redriveDeadLetter(path.id, caller.userId, body.reason, now);
    return { status: 202, body: { redriven: letter } };
  },
);
