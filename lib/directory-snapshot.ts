import { Duration } from 'aws-cdk-lib';
import { type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DIRECTORY_SNAPSHOT_KEY } from '../functions/adapters/directory-snapshot';
import { DIRECTORY_STREAM_BATCH_SIZE, PROFILE_RECORDS_PATTERN } from '../functions/data/directory-stream';
import { type LogSettings, OperationFunction } from './api';
import { directoryRebuildEntry } from './bundling';
import { acknowledgeFrameworkWildcards } from './nag';
import { grantTableAccess } from './table-access';

/** A stream batch that keeps failing is retried this often, then named in the dead-letter queue. */
const REBUILD_RETRY_ATTEMPTS = 5;

export interface DirectorySnapshotProps {
  /** Its stream must carry old and new images (lib/data.ts). */
  table: ITableV2;
  mediaBucket: IBucket;
  /** Where a batch the rebuild gave up on is recorded (the jobs' queue, with its alarm). */
  deadLetterQueue: IQueue;
  logs: LogSettings;
}

/**
 * Keeps the directory snapshot (functions/adapters/directory-snapshot.ts) current: the table's
 * stream, filtered to profile items, runs the rebuild, which reads the directory index and
 * rewrites the snapshot object whole.
 */
export class DirectorySnapshot extends Construct {
  readonly rebuild: OperationFunction;

  constructor(scope: Construct, id: string, props: DirectorySnapshotProps) {
    super(scope, id);
    this.rebuild = new OperationFunction(this, directoryRebuildEntry.operation, {
      module: directoryRebuildEntry.module,
      environment: { TABLE_NAME: props.table.tableName, MEDIA_BUCKET: props.mediaBucket.bucketName },
      logs: props.logs,
      // One rebuild at a time across all shards: each reads the index and overwrites the one object,
      // so two running at once could finish in the wrong order and an older index read would
      // overwrite a newer one. Queued batches wait (the stream keeps them) instead of racing.
      reservedConcurrentExecutions: 1,
    });
    this.rebuild.addEventSource(
      new DynamoEventSource(props.table, {
        // Older records belong to a snapshot built before the mapping existed (or to the index read while there is none).
        startingPosition: StartingPosition.LATEST,
        batchSize: DIRECTORY_STREAM_BATCH_SIZE,
        // A burst of writes (a bulk edit) becomes one rebuild, at the cost of a second's freshness.
        maxBatchingWindow: Duration.seconds(1),
        parallelizationFactor: 1,
        retryAttempts: REBUILD_RETRY_ATTEMPTS,
        onFailure: new SqsDlq(props.deadLetterQueue),
        filters: [FilterCriteria.filter(PROFILE_RECORDS_PATTERN)],
      }),
    );
    acknowledgeFrameworkWildcards(
      this.rebuild.role as IRole,
      "The event source's stream read: dynamodb:ListStreams supports no resource-level permission.",
    );
    grantTableAccess(this.rebuild, props.table, ['query:directory', 'query:byOwner', 'query:byParty']);
    this.rebuild.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [props.mediaBucket.arnForObjects(DIRECTORY_SNAPSHOT_KEY)],
      }),
    );
  }
}
