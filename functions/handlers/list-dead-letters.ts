import { SUPPORT_GROUP } from '../domain/support-group';
import { listDeadLetters } from '../data/dead-letters';
import { httpHandler } from '../http/handler';
import type { DeadLetterList } from '../schemas/support';

/** `GET /api/support/dead-letters` → the jobs that ran out of retries, oldest first (support only). */
export const handler = httpHandler({ auth: true, staff: [SUPPORT_GROUP] }, async () => {
  const deadLetters = (await listDeadLetters()).map(({ payload, ...letter }) => letter);
  return { status: 200, body: { deadLetters } satisfies DeadLetterList };
});
