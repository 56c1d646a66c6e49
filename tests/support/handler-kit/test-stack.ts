import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, inject } from 'vitest';
import { LOCAL_AWS } from '../../../bin/local/aws-local';
import { type LocalTable, openLocalTable, type SharedDatabase } from '../../../bin/local/dynamodb';
import { stackPorts } from '../../../bin/local/ports';
import { type LocalStack, startLocalStack } from '../../../bin/local/stack';
import type { Mail, JobName } from '../../../functions/domain/ports';
import { refreshEverySignedInUser } from '../users';
import { db } from '../../../functions/data/client';
import { type HostPorts, provideHostPorts } from '../../../functions/runtime/composition-root';

export interface TestStack extends LocalStack {
  /**
   * `POST /_local/clock {"advanceMinutes": minutes}`: answers once every job that fell due has run,
   * with every user the file signed in given fresh tokens (theirs expired as time moved, as in Cognito).
   */
  advanceClock(minutes: number): Promise<Date>;
  dispose(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one DynamoDB Local, when its project starts one (tests/support/shared-dynamodb.ts). */
    sharedDynamoDb?: { endpoint: string; pid: number };
  }
}

/** A table of this file's own in the run's shared DynamoDB Local, if the run has one. */
function sharedTable(): SharedDatabase | undefined {
  // Outside a vitest run (the smoke test, the benches) there is no run to share with.
  const shared = process.env.VITEST ? inject('sharedDynamoDb') : undefined;
  return shared && { ...shared, tableName: `physician-mentors-test-${randomUUID().slice(0, 8)}` };
}

/**
 * The real local stack on free ports with a throwaway data folder, for one test file. Its table sits
 * in the run's shared DynamoDB Local when there is one; `ownDatabase` starts a Java process for this
 * stack alone (a test that pauses it must not pause every other file's).
 */
export async function startTestStack(
  options: { seed?: boolean; web?: boolean; webFromBuild?: boolean; ownDatabase?: boolean } = {},
): Promise<TestStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pm-stack-'));
  const { closed, ...ports } = await stackPorts(['closed', 'web', 'api', 'dynamodb', 'cognito', 's3', 'stripe', 'aws']);
  // Tests reach no host but this one: the policy documents point at a local port nothing answers on.
  process.env.PRIVACY_POLICY_URL = `http://127.0.0.1:${closed}/privacy`;
  process.env.TERMS_OF_SERVICE_URL = `http://127.0.0.1:${closed}/terms`;
  const stack = await startLocalStack({
    ports,
    dataDir,
    databaseInMemory: true,
    sharedDatabase: options.ownDatabase ? undefined : sharedTable(),
    seed: options.seed ?? false,
    web: options.web ?? false,
    webFromBuild: options.webFromBuild,
  });
  return {
    ...stack,
    async advanceClock(minutes) {
      const moved = await fetch(`${stack.apiUrl}/_local/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMinutes: minutes }),
      });
      if (!moved.ok) throw new Error(`POST /_local/clock answered ${moved.status}: ${await moved.text()}`);
      await refreshEverySignedInUser(stack.config);
      return new Date(((await moved.json()) as { now: string }).now);
    },
    async dispose() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reading a value the file's `beforeAll` sets up before it ran is a mistake in the test, and says so. */
function setUp<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is set up in beforeAll: use it inside a test or a hook`);
  return value;
}

/**
 * The whole local stack (DynamoDB Local, cognito-local, s3rver, the API server and the stand-ins)
 * for the test file: started before its tests, stopped after. For handlers that need more than the table.
 */
export function withTestStack(options: Parameters<typeof startTestStack>[0] = {}): { readonly stack: TestStack } {
  let started: TestStack | undefined;
  beforeAll(async () => {
    started = await startTestStack(options);
  }, 120_000);
  afterAll(async () => {
    await started?.dispose();
    started = undefined;
  });
  return {
    get stack() {
      return setUp(started, 'withTestStack().stack');
    },
  };
}

/** What the handlers under test handed to the adapters that would reach AWS (Scheduler, Lambda, SES). */
export interface RecordedWork {
  /** One-off jobs scheduled (EventBridge Scheduler), in order; unscheduling removes them. */
  scheduled: { job: JobName; sessionId: string; at: Date }[];
  /** Jobs started asynchronously (a Lambda invocation), in order. */
  started: { job: JobName; sessionId: string }[];
  mails: Mail[];
}

export interface TestTable extends RecordedWork {
  readonly tableName: string;
  readonly endpoint: string;
  /** Writes items as they are (build them with sampleProfile, sampleAvailability or the data modules' own rows). */
  put(...items: Record<string, unknown>[]): Promise<void>;
}

/**
 * DynamoDB Local with the table (the CDK's keys and indexes) for the test file, and the environment
 * a handler reads it from (TABLE_NAME, DYNAMODB_ENDPOINT, region and credentials); the scheduler,
 * job queue and mailer are recorders whose work the test can read. Everything is undone after the file.
 */
export function withTestTable(): TestTable {
  let database: LocalTable | undefined;
  const recorded: RecordedWork = { scheduled: [], started: [], mails: [] };
  const saved: Record<string, string | undefined> = {};
  let withdrawRecorders: (() => void) | undefined;
  const recorders: HostPorts = {
    scheduler: {
      schedule: async (job, sessionId, at) => {
        recorded.scheduled.push({ job, sessionId, at });
      },
      unschedule: async (job, sessionId) => {
        recorded.scheduled = recorded.scheduled.filter((each) => each.job !== job || each.sessionId !== sessionId);
      },
    },
    jobs: {
      start: async (job, sessionId) => {
        recorded.started.push({ job, sessionId });
      },
      rerun: async (job) => {
        throw new Error(`The handler kit's table has no dead letters to re-drive (${job})`);
      },
    },
    mailer: {
      send: async (mail) => {
        recorded.mails.push(mail);
      },
    },
  };

  beforeAll(async () => {
    const { dynamodb } = await stackPorts(['dynamodb']);
    database = await openLocalTable(sharedTable(), { port: dynamodb, tableName: 'physician-mentors-test' });
    const environment = {
      TABLE_NAME: database.tableName,
      DYNAMODB_ENDPOINT: database.endpoint,
      AWS_REGION: LOCAL_AWS.region,
      AWS_ACCESS_KEY_ID: LOCAL_AWS.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_AWS.credentials.secretAccessKey,
    };
    for (const [name, value] of Object.entries(environment)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
    withdrawRecorders = provideHostPorts(recorders);
  }, 60_000);

  afterAll(async () => {
    withdrawRecorders?.();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await database?.stop();
    database = undefined;
  });

  return {
    get tableName() {
      return setUp(database, 'withTestTable().tableName').tableName;
    },
    async put(...items) {
      const { tableName } = setUp(database, 'withTestTable().put');
      await Promise.all(items.map((Item) => db().send(new PutCommand({ TableName: tableName, Item }))));
    },
    get endpoint() {
      return setUp(database, 'withTestTable().endpoint').endpoint;
    },
    get scheduled() {
      return recorded.scheduled;
    },
    get started() {
      return recorded.started;
    },
    get mails() {
      return recorded.mails;
    },
  };
}
