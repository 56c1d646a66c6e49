import * as z from '../schemas/zod';
import { log } from '../runtime/log';
import { tryRefund } from '../workflows/payments/refunds';
import { jobHandler } from '../runtime/job-handler';

/** Started with the session id (the first try), scheduled with the try's number for each later one. */
const refundJobEvent = z.object({
  sessionId: z.string().check(z.minLength(1)),
  try: z.optional(z.int().check(z.positive())),
});

/**
 * One try of a cancelled session's refund (workflows/payments/refunds.ts); it schedules the next try itself,
 * and throws once the refund is given up, so the invocation ends in the jobs' dead-letter queue.
 */
export const handler = jobHandler('refundSession', async (event) => {
  const { sessionId, try: tryNumber = 1 } = refundJobEvent.parse(event);
  const asked = await tryRefund(sessionId, tryNumber, new Date());
  log('info', 'refundSession', { sessionId, tryNumber, asked });
  return { asked };
});
