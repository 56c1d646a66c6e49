import { httpHandler } from '../http/handler';
import { viewForParty } from '../http/party-session-view';
import { sessionPath } from '../schemas/session';
import { reportOutcomeInput } from '../schemas/session-outcome';
import { reportOutcome } from '../workflows/booking/session-outcomes';

/** `POST /api/sessions/{id}/outcome {report, note?}` → the session as the reporting party sees it, with its outcome. */
export const handler = httpHandler(
  { schemas: { path: sessionPath, body: reportOutcomeInput }, auth: true },
  async ({ path, body, caller, now }) => {
    const session = await reportOutcome(path.id, caller.userId, body, now);
    return { status: 200, body: await viewForParty(session, caller.userId) };
  },
);
