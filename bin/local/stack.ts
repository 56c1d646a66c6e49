import type http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ViteDevServer } from 'vite';
import { JOB_DEAD_LETTER_ARN_VARIABLE, jobArnVariable } from '../../functions/adapters/job-delivery';
import { ORIGIN_SECRET_VARIABLE } from '../../functions/adapters/origin-secret';
import type { ScheduleTargets } from '../../functions/adapters/scheduler';
import type { JobName } from '../../functions/domain/ports';
import { jobs } from '../../functions/routes';
import { withDeadline } from '../../functions/runtime/dependency-budget';
import { feeRule } from '../../functions/runtime/fee-rule';
import { POWERTOOLS_ENVIRONMENT } from '../../functions/runtime/metrics';
import type { RuntimeConfig } from '../../functions/schemas/config';
import { contentSecurityPolicy } from '../../lib/site-headers';
import { directoryRebuildEntry } from '../../lib/bundling';
import { startApiServer } from './api-server';
import { CALENDLY_EMBED_PATH, localCalendlyEnvironment } from './calendly-standin';
import { localZoomEnvironment } from './zoom-standin';
import { DIRECTORY_STREAM_BATCH_SIZE, PROFILE_RECORDS_PATTERN } from '../../functions/data/directory-stream';
import { SESSION_RECORDS_PATTERN, SESSION_STREAM_BATCH_SIZE } from '../../functions/workflows/booking/session-work';
import { startDirectoryStream } from './directory-stream';
import { startBuiltSite } from './built-site';
import { type LocalClock, startLocalClock } from './clock';
import { localAuthorizer } from './authorizer';
import { LOCAL_AWS, localFunctionArn } from './aws-local';
import { LOCAL_DEAD_LETTER_QUEUE_ARN } from './dead-letters';
import type { DeadLetter } from '../../functions/domain/dead-letter';
import { listDeadLetters } from '../../functions/data/dead-letters';
import { LAMBDA_PATH, localLambda } from './lambda-service';
import { lambdaHandler } from './lambda-modules';
import { startLocalCognito } from './cognito';
import { openLocalTable, type SharedDatabase } from './dynamodb';
import { ensureMailbox, mailboxFileMailer } from './mailbox';
import { assertPortFree } from './ports';
import { LOCAL_MEDIA_BUCKET, LOCAL_SITE_BUCKET, LOCAL_WEBHOOK_ARCHIVE_BUCKET, S3RVER_CLIENT, startLocalS3 } from './s3';
import { deploySiteTemplates } from './site-templates';
import {
  AUDIT_EXPORT_AT,
  OWED_TRANSFERS_AT,
  SETTLEMENT_SWEEP_AT,
  startDailyReconciliation,
  startDailyRunOfDayBefore,
  startDailySchedule,
} from './daily-schedules';
import { type LocalScheduler, localScheduler, SCHEDULER_PATH } from './scheduler';
import { resetWebhookDelivery, webhookDeliveriesPending, webhookDeliveriesSettled } from './stripe-event-delivery';
import { STAND_IN_SECRET_KEY, type StripeRequest, startStripeApi } from './stripe-api/server';
import { type LocalStripe, localStripeFromEnvironment } from './stripe-payments';
import { stripeOnTheClock } from './stripe-standin';
import { seedDemoData } from './seed';
import { RequestLog } from './request-log';
import { CalendarStandInStore } from './calendar-standin-store';
import { localCalendarEnvironment } from './calendar-standins';
import { LOCAL_TOKEN_KEY_ARN, localKmsKey } from './kms-endpoint';
import { LOCAL_MAIL_FROM } from './ses-endpoint';
import { startAwsEndpoints } from './aws-endpoints';
import { startMinuteJob } from './minute-job';

export interface LocalPorts {
  web: number;
  api: number;
  dynamodb: number;
  cognito: number;
  s3: number;
  /** The stand-in of Stripe's API (stripe-mock's port). */
  stripe: number;
  /** The local SES and KMS endpoints (LocalStack's port). */
  aws: number;
}

export const DEFAULT_PORTS: LocalPorts = {
  web: 5173,
  api: 3210,
  dynamodb: 8000,
  cognito: 9229,
  s3: 4569,
  stripe: 12111,
  aws: 4566,
};

export const PORT_ENV: Record<keyof LocalPorts, string> = {
  web: 'WEB_PORT',
  api: 'API_PORT',
  dynamodb: 'DYNAMODB_PORT',
  cognito: 'COGNITO_PORT',
  s3: 'S3_PORT',
  stripe: 'STRIPE_PORT',
  aws: 'AWS_PORT',
};

export interface LocalStackOptions {
  ports: LocalPorts;
  /** Where every emulator keeps its data; a restart with the same folder keeps it all. */
  dataDir: string;
  /** DynamoDB Local keeps the table in memory, not in dataDir: for a stack whose data is thrown away (less CPU, no file I/O). */
  databaseInMemory?: boolean;
  /**
   * A DynamoDB Local already running that other stacks share (a test run's: tests/support/shared-dynamodb.ts):
   * this stack makes its own table there instead of starting a Java process.
   */
  sharedDatabase?: SharedDatabase;
  seed: boolean;
  /** The Vite dev server for the SPA; tests of the API alone leave it out. */
  web: boolean;
  /** Instead of the Vite dev server, the production build (dist/web) served like CloudFront, headers and all. */
  webFromBuild?: boolean;
}

export interface LocalStack {
  webUrl: string;
  apiUrl: string;
  config: RuntimeConfig;
  mailboxFile: string;
  /** What the Google, Microsoft, Zoom and Calendly stand-ins remember (tests drive them through `/_local/...`). */
  calendarStandIns: CalendarStandInStore;
  /** DynamoDB Local's process id (fault tests pause it: give them a stack of their own, not a shared database). */
  dynamodbPid: number;
  /** Resolves once no job is running or due (a booking's follow-ups run in a job after its answer). */
  jobsSettled(): Promise<void>;
  /** The stack's one clock (`/_local/clock`): tests move time instead of waiting. */
  clock: LocalClock;
  /** Runs every pending schedule and queued retry of a job now (a retry planned minutes ahead); then await jobsSettled. */
  runPendingJobsNow(job: JobName): void;
  /** The jobs that failed every retry, as their dead-letter queue's consumer keeps them: oldest first. */
  deadLetters(): Promise<DeadLetter[]>;
  /** The schedules that have not run yet. */
  pendingSchedules: LocalScheduler['pending'];
  /** What the Stripe stand-in's API was asked and answered, oldest first (none when the stack uses Stripe itself). */
  stripeRequests(): readonly StripeRequest[];
  /** Every call the product's adapters made to a stand-in over the wire (`GET /_local/logs`). */
  requestLog: RequestLog;
  /** Resolves once the directory snapshot shows every profile write made before the call. */
  directorySettled(): Promise<void>;
  stop(): Promise<void>;
}

const TABLE_NAME = 'physician-mentors-local';

/** Well inside a test's own timeout, so a wait that hangs fails saying what it waited for. */
const JOBS_SETTLED_LIMIT_MS = 45_000;

/**
 * Starts the whole product on this machine: DynamoDB Local, cognito-local, s3rver, the stand-in of
 * Stripe's API, the local SES and KMS endpoints, the local API server (the real handlers) and the Vite dev server. Each part stops with `stop()`.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { ports } = options;
  const realStripe = usesStripeItself();
  for (const name of Object.keys(ports) as (keyof LocalPorts)[]) {
    if ((name === 'web' && !options.web) || (name === 'stripe' && realStripe)) continue;
    await assertPortFree(ports[name], name, PORT_ENV[name]);
  }
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const webOrigin = `http://localhost:${ports.web}`;
  const mailboxFile = path.join(dataDir, 'mailbox.jsonl');
  await ensureMailbox(mailboxFile);

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const stopPart of stops.reverse()) await stopPart().catch(() => undefined);
  };
  try {
    // First: everything started after it reads the time through it.
    const clock = await startLocalClock({
      file: path.join(dataDir, 'clock.json'),
      parts: () => [scheduler, lambda, reconciliation, owedTransfers, settlementSweep, auditExport, stripeOnTheClock],
      settle: () => jobsSettled(),
    });
    const dynamo = await openLocalTable(options.sharedDatabase, {
      port: ports.dynamodb,
      tableName: TABLE_NAME,
      dataDir: options.databaseInMemory ? undefined : path.join(dataDir, 'dynamodb'),
    });
    stops.push(dynamo.stop);
    const { tableName } = dynamo;
    const s3 = await startLocalS3({ port: ports.s3, dataDir: path.join(dataDir, 's3') });
    stops.push(s3.stop);
    const cognito = await startLocalCognito({
      port: ports.cognito,
      dataDir: path.join(dataDir, 'cognito'),
      siteOrigin: webOrigin,
      mailer: mailboxFileMailer(mailboxFile),
    });
    stops.push(cognito.stop);

    const originSecret = randomBytes(24).toString('base64url');
    // The OAuth stand-ins' consent pages where the browser reaches them, their tokens and APIs where the functions do.
    const standInOrigins = { browserOrigin: webOrigin, serverOrigin: `http://127.0.0.1:${ports.api}` };
    // The handlers read their configuration from the environment, exactly as in Lambda.
    Object.assign(process.env, {
      AWS_REGION: LOCAL_AWS.region,
      AWS_ACCESS_KEY_ID: LOCAL_AWS.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_AWS.credentials.secretAccessKey,
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      MEDIA_BUCKET: LOCAL_MEDIA_BUCKET,
      WEBHOOK_ARCHIVE_BUCKET: LOCAL_WEBHOOK_ARCHIVE_BUCKET,
      // As lib/api.ts: the audit log's days go to the finance archive, under audit/.
      AUDIT_ARCHIVE_BUCKET: LOCAL_WEBHOOK_ARCHIVE_BUCKET,
      SITE_BUCKET: LOCAL_SITE_BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: String(S3RVER_CLIENT.forcePathStyle),
      S3_ACCESS_KEY_ID: S3RVER_CLIENT.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CLIENT.credentials.secretAccessKey,
      SITE_ORIGIN: webOrigin,
      COGNITO_ENDPOINT: cognito.endpoint,
      USER_POOL_ID: cognito.userPoolId,
      USER_POOL_CLIENT_ID: cognito.userPoolClientId,
      STAGE: 'local',
      [ORIGIN_SECRET_VARIABLE]: originSecret,
      ...POWERTOOLS_ENVIRONMENT,
      // Metrics reach nobody locally, and every dependency call writes one (DependencyLatency); slow calls are still logged.
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
      // The NPI Registry stand-in (bin/local/npi-standin.ts), served by the local API server.
      NPI_REGISTRY_URL: `http://127.0.0.1:${ports.api}/_local/npi`,
      // See functions/runtime/dependency-budget.ts: DynamoDB Local is far slower than DynamoDB under load.
      AWS_REQUEST_TIMEOUT_MS: process.env.AWS_REQUEST_TIMEOUT_MS ?? '8000',
      AWS_MAX_ATTEMPTS: process.env.AWS_MAX_ATTEMPTS ?? '1',
      ...localCalendarEnvironment(standInOrigins),
      ...localZoomEnvironment(standInOrigins),
      ...localCalendlyEnvironment(standInOrigins),
      ...localJobsEnvironment(standInOrigins.serverOrigin),
      // The SDK's own per-service endpoint settings: the adapters' SES and KMS clients reach the local ones.
      MAIL_FROM: LOCAL_MAIL_FROM,
      AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${ports.aws}`,
      TOKEN_KEY_ID: LOCAL_TOKEN_KEY_ARN,
      AWS_ENDPOINT_URL_KMS: `http://127.0.0.1:${ports.aws}`,
    });

    const requestLog = new RequestLog();
    const aws = await startAwsEndpoints({
      port: ports.aws,
      mailboxFile,
      kmsKey: await localKmsKey(path.join(dataDir, 'token-key')),
      requestLog,
    });
    stops.push(aws.stop);
    let stripeRequests: LocalStack['stripeRequests'] = () => [];
    if (realStripe) {
      delete process.env.LOCAL_STRIPE_WEBHOOK_SECRET;
      delete process.env.LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET;
    } else {
      Object.assign(process.env, standInStripeEnvironment(ports.stripe));
      const stripeApi = await startStripeApi({
        port: ports.stripe,
        stripe: localStripeFromEnvironment() as LocalStripe,
        requestLog,
      });
      stops.push(stripeApi.stop);
      // No delivery waiting for its time, and no chaos mode, outlives the stack.
      stops.push(async () => resetWebhookDelivery());
      stripeRequests = stripeApi.requests;
    }

    const calendarStandIns = new CalendarStandInStore(path.join(dataDir, 'calendar-standins.json'));
    stops.push(async () => calendarStandIns.releaseAll());
    // EventBridge Scheduler and Lambda, served by the local API server; they run jobs once it listens.
    const lambda = localLambda({
      functions: jobs.map((job) => job.operation),
      queueFile: path.join(dataDir, 'lambda-queue.json'),
      requestLog,
    });
    stops.push(lambda.stop);
    const scheduler = localScheduler({
      file: path.join(dataDir, 'schedules.json'),
      groups: [LOCAL_SCHEDULE_TARGETS.groupName],
      targets: LOCAL_SCHEDULE_TARGETS,
      lambda,
      requestLog,
    });
    stops.push(scheduler.stop);

    const directory = await startDirectoryStream({
      name: 'directory',
      endpoint: dynamo.endpoint,
      tableName,
      pattern: PROFILE_RECORDS_PATTERN,
      batchSize: DIRECTORY_STREAM_BATCH_SIZE,
      handler: () => lambdaHandler(directoryRebuildEntry.operation),
    });
    stops.push(directory.stop);
    // The same code as in AWS (lib/session-work.ts): what a committed session write leaves to do.
    const sessionWork = await startDirectoryStream({
      name: 'session work',
      endpoint: dynamo.endpoint,
      tableName,
      pattern: SESSION_RECORDS_PATTERN,
      batchSize: SESSION_STREAM_BATCH_SIZE,
      handler: () => lambdaHandler('startSessionWork'),
    });
    stops.push(sessionWork.stop);
    /** Schedules hand their jobs to Lambda, and jobs create schedules (a past one runs at once): until neither has work. */
    const schedulesAndJobsSettled = async () => {
      do {
        await scheduler.settled();
        await lambda.settled();
      } while (scheduler.busy().length + lambda.busy().length > 0);
    };
    /**
     * The stream starts jobs, jobs call the Stripe stand-in, whose events reach the webhook, and
     * jobs and the webhook write sessions the stream reads: two rounds cover every chain we have.
     */
    const jobsSettled = () =>
      withDeadline(
        (async () => {
          for (let round = 0; round < 2; round++) {
            await sessionWork.settled();
            await schedulesAndJobsSettled();
            await webhookDeliveriesSettled();
          }
        })(),
        JOBS_SETTLED_LIMIT_MS,
        () => {
          const busy = [...sessionWork.busy(), ...scheduler.busy(), ...lambda.busy(), ...webhookDeliveriesPending()];
          return new Error(
            `jobsSettled: still waiting after ${JOBS_SETTLED_LIMIT_MS / 1000} s for ${busy.join('; ') || 'nothing named'}`,
          );
        },
      );

    const reconciliation = await startDailyReconciliation(
      path.join(dataDir, 'daily-reconciliation.json'),
      async (day) => (await lambdaHandler('reconcileLedger'))({ day }),
    );
    stops.push(reconciliation.stop);
    const owedTransfers = await startDailySchedule(
      path.join(dataDir, 'daily-owed-transfers.json'),
      OWED_TRANSFERS_AT,
      async () => (await lambdaHandler('payOwedTransfers'))({}),
    );
    stops.push(owedTransfers.stop);
    const settlementSweep = await startDailySchedule(
      path.join(dataDir, 'daily-settlement-sweep.json'),
      SETTLEMENT_SWEEP_AT,
      async () => (await lambdaHandler('sweepSettlements'))({}),
    );
    stops.push(settlementSweep.stop);
    // lib/audit-log.ts's schedule: yesterday's audit entries copied to the finance archive (s3rver).
    const auditExport = await startDailyRunOfDayBefore(
      path.join(dataDir, 'daily-audit-export.json'),
      AUDIT_EXPORT_AT,
      async (day) => (await lambdaHandler('exportAuditDay'))({ day }),
    );
    stops.push(auditExport.stop);

    const config: RuntimeConfig = {
      stage: 'local',
      region: LOCAL_AWS.region,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.userPoolClientId,
      userPoolEndpoint: cognito.endpoint,
      calendlyEmbedPath: CALENDLY_EMBED_PATH,
      privacyPolicyUrl: process.env.PRIVACY_POLICY_URL ?? 'https://policies.physicianmentors.example/privacy',
      termsOfServiceUrl: process.env.TERMS_OF_SERVICE_URL ?? 'https://policies.physicianmentors.example/terms',
      supportEmail: 'support@physicianmentors.example',
      feeRule: feeRule(),
    };
    const api = await startApiServer({
      port: ports.api,
      config,
      authorize: await localAuthorizer({
        issuer: cognito.issuer,
        jwksUri: cognito.jwksUri,
        clientId: cognito.userPoolClientId,
      }),
      mailboxFile,
      media: { endpoint: s3.endpoint, bucket: LOCAL_MEDIA_BUCKET },
      originSecret,
      calendarStandIns,
      requestLog,
      scheduler,
      lambda,
      clock,
    });
    stops.push(() => closeServer(api));
    await lambda.start();
    await scheduler.start();
    // After the API server: the demo mentor's calendar is connected through the calendar stand-ins it serves.
    if (options.seed) {
      await seedDemoData(cognito, calendarStandIns);
      await directory.settled();
    }
    // lib/mentor-calendars.ts's schedule: mentors' busy times read again every minute.
    stops.push(startMinuteJob(async () => (await lambdaHandler('refreshCalendarBusy'))({})));
    const apiUrl = `http://localhost:${ports.api}`;
    // Where the Stripe stand-in sends the events Stripe causes itself (a refund's charge.refunded).
    process.env.LOCAL_STRIPE_WEBHOOK_URL = `${apiUrl}/api/webhooks/stripe`;
    // Where the Zoom stand-in sends participant events (bin/local/zoom-standin.ts).
    process.env.LOCAL_ZOOM_WEBHOOK_URL = `${apiUrl}/api/webhooks/zoom`;

    if (options.web && options.webFromBuild) {
      const buildDir = path.resolve('dist/web');
      await deploySiteTemplates(s3.endpoint, buildDir, config);
      const site = await startBuiltSite({
        port: ports.web,
        buildDir,
        apiOrigin: apiUrl,
        config,
        contentSecurityPolicy: contentSecurityPolicy({
          cognitoOrigin: new URL(cognito.endpoint).origin,
          uploadOrigin: new URL(s3.endpoint).origin,
          privacyPolicyUrl: config.privacyPolicyUrl,
          termsOfServiceUrl: config.termsOfServiceUrl,
          // The local Calendly stand-in's embed is a page of this origin.
          extraFrameSources: ["'self'"],
        }),
      });
      stops.push(() => closeServer(site));
    } else if (options.web) {
      const vite = await startVite(ports.web, apiUrl);
      stops.push(() => vite.close());
    }
    return {
      webUrl: webOrigin,
      apiUrl,
      config,
      mailboxFile,
      dynamodbPid: dynamo.pid,
      jobsSettled,
      clock,
      runPendingJobsNow(job) {
        scheduler.runPendingNow(job);
        lambda.runPendingNow(job);
      },
      deadLetters: listDeadLetters,
      pendingSchedules: scheduler.pending,
      stripeRequests,
      requestLog,
      calendarStandIns,
      directorySettled: directory.settled,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The schedule group, role and dead-letter queue the local stack's Scheduler and functions name, as lib/api.ts gives them in AWS. */
const LOCAL_SCHEDULE_TARGETS: ScheduleTargets = {
  groupName: 'physician-mentors-local-jobs',
  roleArn: `arn:aws:iam::${LOCAL_AWS.accountId}:role/physician-mentors-local-scheduler`,
  deadLetterArn: LOCAL_DEAD_LETTER_QUEUE_ARN,
  jobArn: localFunctionArn,
};

/**
 * The product's Scheduler and Lambda configuration for the local stack: the SDK's own endpoint
 * settings point the production adapters at the local API server, and the variables lib/api.ts
 * sets name the local group, role, dead-letter queue and job functions.
 */
function localJobsEnvironment(serverOrigin: string) {
  return {
    AWS_ENDPOINT_URL_SCHEDULER: `${serverOrigin}${SCHEDULER_PATH}`,
    AWS_ENDPOINT_URL_LAMBDA: `${serverOrigin}${LAMBDA_PATH}`,
    SCHEDULE_GROUP: LOCAL_SCHEDULE_TARGETS.groupName,
    SCHEDULER_ROLE_ARN: LOCAL_SCHEDULE_TARGETS.roleArn,
    [JOB_DEAD_LETTER_ARN_VARIABLE]: LOCAL_SCHEDULE_TARGETS.deadLetterArn,
    ...Object.fromEntries(jobs.map((job) => [jobArnVariable(job.operation), localFunctionArn(job.operation)])),
  };
}

/** With a Stripe test-mode key of the developer's own, the stack talks to Stripe (README "payments"); else to the stand-in. */
const usesStripeItself = () =>
  Boolean(process.env.STRIPE_SECRET_KEY && process.env.STRIPE_SECRET_KEY !== STAND_IN_SECRET_KEY);

/**
 * The product's Stripe configuration for the stand-in, as a deployment's would name Stripe: its
 * API's address and a test-mode key, and the two endpoints' signing secrets, which the stand-in
 * signs its events with (LOCAL_…): like Stripe, Checkout events with the platform endpoint's
 * secret and account events with the Connect one's.
 */
function standInStripeEnvironment(port: number) {
  const platform = 'whsec_local_platform_standin';
  const connect = 'whsec_local_connect_standin';
  return {
    STRIPE_API_BASE: `http://localhost:${port}`,
    STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: platform,
    STRIPE_CONNECT_WEBHOOK_SECRET: connect,
    LOCAL_STRIPE_WEBHOOK_SECRET: platform,
    LOCAL_STRIPE_CONNECT_WEBHOOK_SECRET: connect,
  };
}

async function startVite(port: number, apiOrigin: string): Promise<ViteDevServer> {
  process.env.LOCAL_API_ORIGIN = apiOrigin;
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: path.resolve('vite.config.ts'),
    server: { port, strictPort: true },
    logLevel: 'warn',
  });
  await server.listen();
  return server;
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
