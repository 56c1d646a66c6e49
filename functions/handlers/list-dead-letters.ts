import { listDeadLetters } from '../data/dead-letters';
import { httpHandler } from '../http/handler';
import { requireSupport } from '../http/support';
import type { DeadLetterList } from '../schemas/support';

/** `GET /api/support/dead-letters` → the jobs that ran out of retries, oldest first (support only). */
export const handler = httpHandler({ auth: true }, async ({ event }) => {
  await requireSupport(event);
  const deadLetters = (await listDeadLetters()).map(({ payload, ...letter }) => letter);
  return { status: 200, body: { deadLetters } satisfies DeadLetterList };
});
