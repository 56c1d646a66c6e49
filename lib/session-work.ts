import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, type IFunction, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { SESSION_RECORDS_PATTERN, SESSION_STREAM_BATCH_SIZE } from '../functions/workflows/booking/session-work';
import { acknowledgeFrameworkWildcards } from './nag';

/** A batch that keeps failing is retried this often (halved each time to find the record), then dead-lettered. */
export const SESSION_WORK_RETRY_ATTEMPTS = 10;

/**
 * Feeds the table's stream, session items only, to the startSessionWork function
 * (functions/streams/start-session-work.ts), so a committed booking, payment or cancellation gets its
 * follow-ups, expiry and refund even when the request that committed it died right after.
 */
export function feedSessionWork(fn: IFunction, table: ITableV2, deadLetterQueue: IQueue): void {
  fn.addEventSource(
    new DynamoEventSource(table, {
      // Every write counts: one that landed while the mapping was being created must not be skipped.
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: SESSION_STREAM_BATCH_SIZE,
      retryAttempts: SESSION_WORK_RETRY_ATTEMPTS,
      bisectBatchOnError: true,
      onFailure: new SqsDlq(deadLetterQueue),
      filters: [FilterCriteria.filter(SESSION_RECORDS_PATTERN)],
    }),
  );
  acknowledgeFrameworkWildcards(
    fn.role as IRole,
    "The event source's stream read: dynamodb:ListStreams supports no resource-level permission.",
  );
}
