import type { DynamoDBStreamEvent } from 'aws-lambda';
import { startSessionWork } from '../workflows/booking/session-work';
import { jobHandler } from '../runtime/job-handler';

/**
 * Fed by the table's stream, session items and plan payouts only (lib/stack.ts): starts the
 * follow-ups, payment expiry, refund and payout that a committed write leaves to do, whether or not the request
 * that wrote it lived to start them. A batch that throws is retried, then named in the dead-letter queue.
 */
export const handler = jobHandler('startSessionWork', async (event) => {
  await startSessionWork((event as DynamoDBStreamEvent).Records ?? [], new Date());
});
