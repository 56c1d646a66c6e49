import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { observedHandler } from '../runtime/observed-handler';
import { keepDeadLetters } from '../workflows/support/dead-letters';

/**
 * Fed by the jobs' dead-letter queue (lib/dead-letters.ts): keeps each message as a dead letter.
 * A message it could not keep is answered as a batch item failure, so SQS delivers that one again.
 */
export const handler = observedHandler<SQSEvent, SQSBatchResponse>().handler(async (event) => {
  const failed = await keepDeadLetters(event.Records);
  return { batchItemFailures: failed.map((itemIdentifier) => ({ itemIdentifier })) };
});
