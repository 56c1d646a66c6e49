import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { type LogSettings, OperationFunction } from './api';
import { deadLetterKeeperEntry } from './bundling';
import { grantTableAccess } from './table-access';

export interface DeadLetterKeeperProps {
  table: ITableV2;
  /** The jobs' dead-letter queue (lib/scheduler.ts): Scheduler's, the job functions' and the streams'. */
  deadLetterQueue: IQueue;
  logs: LogSettings;
}

/**
 * Keeps every message of the jobs' dead-letter queue as a dead letter in the table
 * (functions/streams/keep-dead-letters.ts), where support sees and re-drives it
 * (GET /api/support/dead-letters). The queue's alarm still counts what arrives.
 */
export class DeadLetterKeeper extends Construct {
  readonly keeper: OperationFunction;

  constructor(scope: Construct, id: string, props: DeadLetterKeeperProps) {
    super(scope, id);
    this.keeper = new OperationFunction(this, deadLetterKeeperEntry.operation, {
      module: deadLetterKeeperEntry.module,
      environment: { TABLE_NAME: props.table.tableName },
      logs: props.logs,
    });
    // The mapping grants the queue's receive and delete; a message not kept is answered as a failure and comes back.
    this.keeper.addEventSource(new SqsEventSource(props.deadLetterQueue, { reportBatchItemFailures: true }));
    grantTableAccess(this.keeper, props.table, ['write']);
  }
}
