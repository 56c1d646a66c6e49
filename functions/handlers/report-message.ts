import { httpHandler } from '../http/handler';
import { messagePath, reportMessageInput } from '../schemas/messages';
import { reportMessage } from '../workflows/messages/report-message';

/** `POST /api/messages/{id}/report {reason}` → 202: the recipient reports a message. */
export const handler = httpHandler(
  { schemas: { path: messagePath, body: reportMessageInput }, auth: true },
  async ({ path, body, caller, now }) => {
    await reportMessage(caller.userId, path.id, body.reason, now);
    return { status: 202 };
  },
);
