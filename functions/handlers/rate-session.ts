import { httpHandler } from '../http/handler';
import { sessionPath } from '../schemas/session';
import { type RatingResult, rateSessionInput } from '../schemas/session-actions';
import { rateSession } from '../workflows/ratings/rate-session';

/** `POST /api/sessions/{id}/rating {rating, reviewText?}` → 201 `{moderationStatus}`. */
export const handler = httpHandler(
  { schemas: { path: sessionPath, body: rateSessionInput }, auth: true },
  async ({ path, body, caller, now }) => {
    const result: RatingResult = { moderationStatus: await rateSession(caller.userId, path.id, body, now) };
    return { status: 201, body: result };
  },
);
