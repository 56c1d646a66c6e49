import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
  type ShardIteratorType,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { log } from '../../functions/runtime/log';
import { awsClientSettings } from '../../functions/runtime/dependency-budget';
import { LOCAL_AWS } from './aws-local';
import { withinFunctionTimeout } from './function-timeout';
import { localClient } from './dynamodb';
import type { LambdaHandler } from './lambda-modules';

/**
 * How long the poller rests after a cycle that found nothing new. Every cycle asks DynamoDB Local for
 * each shard's records and the stream's shards; at 200 ms an idle stack spent a sixth of a core on it
 * (two pollers), at 1 s a twenty-fifth. Lambda reads a shard up to four times a second, so effects
 * show up here a little later than on AWS, never sooner; a test that needs them calls `settled()`,
 * which wakes the poller at once.
 */
const IDLE_POLL_MS = 1_000;

export interface LocalDirectoryStream {
  /** Resolves once every write made before the call has reached the rebuild (the snapshot is current). */
  settled(): Promise<void>;
  /** What a settled() waits on right now (for a wait that runs too long to say what it waits for). */
  busy(): string[];
  stop(): Promise<void>;
}

/** Lambda's filter-pattern matching for the patterns used here: nested objects, arrays of allowed values. */
export function matchesPattern(pattern: unknown, value: unknown): boolean {
  if (Array.isArray(pattern)) return pattern.includes(value);
  if (typeof pattern !== 'object' || pattern === null) return false;
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(pattern).every(([name, inner]) =>
    matchesPattern(inner, (value as Record<string, unknown>)[name]),
  );
}

/** A stream record as Lambda delivers it in a DynamoDB event (creation time in epoch seconds). */
function lambdaRecord(record: _Record, streamArn: string): DynamoDBRecord {
  const { ApproximateCreationDateTime, ...dynamodb } = record.dynamodb ?? {};
  return {
    ...record,
    dynamodb: {
      ...dynamodb,
      ...(ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: ApproximateCreationDateTime.getTime() / 1000 }
        : {}),
    },
    eventSourceARN: streamArn,
  } as DynamoDBRecord;
}

/**
 * The event source mapping of the directory rebuild, for the local stack: reads the table's stream
 * from DynamoDB Local and hands each batch that passes the mapping's filter to the same handler,
 * one batch at a time (as reserved concurrency 1 does in AWS). A failed batch is read again on the
 * next poll, as Lambda retries it. Shards open at start are read from their end: what was written
 * before belongs to a snapshot rebuilt earlier (or to the index read while there is none).
 */
export async function startDirectoryStream(options: {
  /** What busy() calls it. */
  name: string;
  endpoint: string;
  tableName: string;
  /** The mapping's filter and batch size (the directory's, or the session work's: lib/session-work.ts). */
  pattern: unknown;
  batchSize: number;
  handler: () => Promise<LambdaHandler>;
}): Promise<LocalDirectoryStream> {
  const tables = localClient(options.endpoint);
  const { Table } = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
  tables.destroy();
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${options.tableName} has no stream`);
  // Timeouts as the functions' clients have: one read DynamoDB Local never answers would stall the
  // poller, and every settled() with it, for good.
  const client = new DynamoDBStreamsClient({
    endpoint: options.endpoint,
    region: LOCAL_AWS.region,
    credentials: LOCAL_AWS.credentials,
    ...awsClientSettings(),
  });

  /** Open shards by id: the iterator to read next. Shards read to their end are remembered as finished. */
  const iterators = new Map<string, string>();
  const finished = new Set<string>();
  const iteratorOf = async (shardId: string, type: ShardIteratorType) =>
    (
      await client.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type }),
      )
    ).ShardIterator;

  const discoverShards = async (position: ShardIteratorType) => {
    const { StreamDescription } = await client.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId;
      if (!id || iterators.has(id) || finished.has(id)) continue;
      if (position === 'LATEST' && shard.SequenceNumberRange?.EndingSequenceNumber) {
        finished.add(id);
        continue;
      }
      // A child shard starts once its parent is read to the end, so one item's writes stay in order.
      if (shard.ParentShardId && iterators.has(shard.ParentShardId)) continue;
      const iterator = await iteratorOf(id, position);
      if (iterator) iterators.set(id, iterator);
    }
  };

  /** Where the running cycle is, for busy(). */
  let step = 'resting';
  const deliver = async (records: _Record[]) => {
    const matching = records
      .map((record) => lambdaRecord(record, streamArn))
      .filter((record) => matchesPattern(options.pattern, record));
    if (matching.length === 0) return;
    const event: DynamoDBStreamEvent = { Records: matching };
    step = `handling a batch of ${matching.length}`;
    // A batch whose handler runs out of time, loading included, is read again, as Lambda retries it.
    await withinFunctionTimeout(options.handler().then((handler) => handler(event)));
  };

  const readShard = async (shardId: string) => {
    for (;;) {
      const iterator = iterators.get(shardId);
      if (!iterator) return;
      step = `reading shard ${shardId}`;
      const read = await client
        .send(new GetRecordsCommand({ ShardIterator: iterator, Limit: options.batchSize }))
        .catch((error: unknown) => {
          if (!(error instanceof TrimmedDataAccessException)) throw error;
          return undefined;
        });
      if (!read) {
        // DynamoDB Local sometimes calls the position of a shard's own first record trimmed. Lambda goes
        // on from the oldest record kept (TRIM_HORIZON); the consumers take a record twice without harm.
        log('warn', 'local stream: the shard position was trimmed; reading from its oldest record', {
          stream: options.name,
          shardId,
        });
        iterators.set(shardId, (await iteratorOf(shardId, 'TRIM_HORIZON')) as string);
        continue;
      }
      const { Records = [], NextShardIterator } = read;
      await deliver(Records);
      if (NextShardIterator) iterators.set(shardId, NextShardIterator);
      else {
        iterators.delete(shardId);
        finished.add(shardId);
      }
      if (Records.length === 0) return;
    }
  };

  let stopped = false;
  /** Cycles begun so far: a waiter needs one begun after its call that got through every batch. */
  let cyclesStarted = 0;
  let cycleRunning = false;
  let cycleStartedAt = 0;
  let failedCycles = 0;
  let wake: (() => void) | undefined;
  const waiters: Array<{ after: number; resolve: () => void }> = [];

  /** Reads every shard to its end, handing each batch to the handler; false when a batch failed (read again next time). */
  const cycle = async (): Promise<boolean> => {
    try {
      for (const shardId of [...iterators.keys()]) await readShard(shardId);
      step = 'looking for new shards';
      await discoverShards('TRIM_HORIZON');
      failedCycles = 0;
      return true;
    } catch (error) {
      failedCycles += 1;
      log('error', 'local stream: a batch failed; reading it again on the next poll', {
        stream: options.name,
        error: String(error),
      });
      return false;
    }
  };

  await discoverShards('LATEST');
  const loop = (async () => {
    while (!stopped) {
      cyclesStarted += 1;
      const number = cyclesStarted;
      cycleRunning = true;
      cycleStartedAt = Date.now();
      const succeeded = await cycle();
      cycleRunning = false;
      step = 'resting';
      // A failed batch has not reached the handler: its waiters wait for the retry, as Lambda retries it.
      if (succeeded) {
        for (const waiter of waiters.splice(0)) {
          if (number > waiter.after) waiter.resolve();
          else waiters.push(waiter);
        }
      }
      if (stopped) break;
      // A settled() that came during the cycle waits for the next one: no rest before it (a failed batch gets the rest).
      if (succeeded && waiters.length > 0) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, IDLE_POLL_MS);
      });
      wake = undefined;
    }
  })();

  return {
    settled() {
      // A cycle already running may have read its shards before the caller's writes: wait for the next.
      const done = new Promise<void>((resolve) => waiters.push({ after: cyclesStarted, resolve }));
      wake?.();
      return done;
    },
    busy() {
      if (waiters.length === 0) return [];
      const running = cycleRunning
        ? `a cycle running for ${Math.round((Date.now() - cycleStartedAt) / 1000)} s, ${step}`
        : step;
      const failing = failedCycles > 0 ? `; the last ${failedCycles} cycles failed` : '';
      return [`stream ${options.name}: ${waiters.length} waiting on ${running}${failing}`];
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      for (const waiter of waiters.splice(0)) waiter.resolve();
      client.destroy();
    },
  };
}
