import { ArnFormat, Duration, Lazy, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import {
  type AddToPrincipalPolicyResult,
  type CfnRole,
  PolicyDocument,
  PolicyStatement,
  type Role,
} from 'aws-cdk-lib/aws-iam';
import { Architecture, type CfnFunction, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { FUNCTION_TIMEOUT_SECONDS } from '../functions/runtime/dependency-budget';
import { type Integration, secretArnVariable } from '../functions/adapters/integration-secrets';
import { DIRECTORY_SNAPSHOT_KEY } from '../functions/adapters/directory-snapshot';
import { JOB_DEAD_LETTER_ARN_VARIABLE, jobArnVariable } from '../functions/adapters/job-delivery';
import { POWERTOOLS_ENVIRONMENT } from '../functions/runtime/metrics';
import { WEBHOOK_ARCHIVE_PREFIX } from '../functions/adapters/webhook-archive';
import { AUDIT_ARCHIVE_PREFIX } from '../functions/adapters/audit-archive';
import { DATA_PAGES, prerenderedFileOf } from '../functions/domain/data-pages';
import {
  DEFAULT_MEMORY_MB,
  type Grant,
  type Job,
  jobModule,
  type Route,
  routeModule,
  throttleOf,
} from '../functions/routes';
import { ORIGIN_SECRET_ARN_VARIABLE } from '../functions/adapters/origin-secret';
import { LAMBDA_HANDLER } from './bundling';
import { lambdaCode } from './lambda-code';
import { acknowledgeWildcardResource, LAMBDA_BASIC_EXECUTION_FINDING } from './nag';
import { RouteInvokers } from './route-integration';
import { throttleRoute } from './route-throttle';
import type { JobScheduler } from './scheduler';
import { MEDIA_PREFIX, UPLOAD_PREFIX } from './storage';
import { grantTableAccess } from './table-access';

export interface LogSettings {
  retention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

export interface OperationFunctionProps {
  /** Module path relative to `functions/`, without extension, exporting `handler`. */
  module: string;
  environment: Record<string, string>;
  logs: LogSettings;
  /** Installed with npm for Lambda's linux-arm64 instead of bundled (native binaries). */
  nativeModules?: readonly string[];
  /** A fixed name, for functions whose ARN others must know before they exist (schedule targets). */
  functionName?: string;
  reservedConcurrentExecutions?: number;
  /** Defaults to DEFAULT_MEMORY_MB. */
  memorySize?: number;
  /** Defaults to FUNCTION_TIMEOUT_SECONDS, the API's budget; only work no request waits for may take longer. */
  timeout?: Duration;
}

const FUNCTION_LOGS_ID = 'FunctionLogs';

/**
 * One log group for every function of the stack. A group per function cost a CloudFormation
 * resource each, and the stack, with a function per operation and job, must stay under the
 * 500-resource limit. Every line still names its function (Powertools Logger's `function_name`),
 * so Logs Insights reads one function at a time.
 */
function sharedFunctionLogGroup(scope: Construct, logs: LogSettings): LogGroup {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild(FUNCTION_LOGS_ID) as LogGroup | undefined;
  return existing ?? new LogGroup(stack, FUNCTION_LOGS_ID, logs);
}

/**
 * Keeps a function's grants in its role's own inline policy. aws-cdk-lib writes them to a separate
 * AWS::IAM::Policy, one more CloudFormation resource per function, and the stack, with a function
 * per operation and job, must stay under the 500-resource limit. The statements are the same.
 */
function keepGrantsInline(role: Role): void {
  const grants = new PolicyDocument();
  (role.node.defaultChild as CfnRole).policies = Lazy.any(
    { produce: () => (grants.isEmpty ? undefined : [{ policyName: 'grants', policyDocument: grants }]) },
    { omitEmptyArray: true },
  );
  role.addToPrincipalPolicy = (statement: PolicyStatement): AddToPrincipalPolicyResult => {
    grants.addStatements(statement);
    return { statementAdded: true, policyDependable: role };
  };
}

/** Every operation runs with the same runtime, bundling, tracing and logging. */
export class OperationFunction extends LambdaFunction {
  constructor(scope: Construct, id: string, props: OperationFunctionProps) {
    super(scope, id, {
      code: lambdaCode({ operation: id, module: props.module, nativeModules: props.nativeModules ?? [] }),
      handler: LAMBDA_HANDLER,
      functionName: props.functionName,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? DEFAULT_MEMORY_MB,
      timeout: props.timeout ?? Duration.seconds(FUNCTION_TIMEOUT_SECONDS),
      logGroup: sharedFunctionLogGroup(scope, props.logs),
      // No --enable-source-maps: Node would parse every loaded file's map at init (about 100 ms CPU
      // per cold start, scripts/bench-cold-starts.ts). The maps ship in the asset for symbolicating offline.
      environment: { ...props.environment, ...POWERTOOLS_ENVIRONMENT },
    });
    // Before any grant: from here on every statement lands in the role itself.
    keepGrantsInline(this.role as Role);
    // Lambda's active tracing, set here rather than through the `tracing` prop, whose X-Ray grant
    // the constructor would write before the grants could be kept inline.
    (this.node.defaultChild as CfnFunction).tracingConfig = { mode: 'Active' };
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] }),
    );
    Validations.of(this).acknowledge(
      {
        id: LAMBDA_BASIC_EXECUTION_FINDING,
        reason: 'The AWS managed basic execution policy only lets the function write its own logs.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'Pinned to Node.js 22, the major the project develops, tests and bundles for.',
      },
    );
  }
}

export interface ApiProps {
  /** The route table (functions/routes.ts): one function and one route per entry. */
  routes: readonly Route[];
  /** Functions EventBridge Scheduler invokes; no route. */
  jobs: readonly Job[];
  table: ITableV2;
  /** The pool whose accounts `accounts:*` grants administer. */
  userPool: IUserPool;
  mediaBucket: IBucket;
  /** The SPA's bucket: the page functions read the deployed prerendered pages from it. */
  siteBucket: IBucket;
  /** The finance archive (lib/finance.ts): every verified webhook body under stripe/, the audit log's days under audit/. */
  webhookArchive: IBucket;
  scheduler: JobScheduler;
  /** JWT issuer and the app client id the tokens must be issued to. */
  issuer: string;
  audience: string;
  /** Sender of the mails that operations with `mail:send` write. */
  mailFrom: string;
  /** One secret per integration, as JSON (see functions/adapters/integration-secrets.ts). */
  integrationSecrets: Record<Integration, ISecret>;
  /** Encrypts the third-party tokens kept in the table; only `tokens:use` functions may use it. */
  tokenKey: IKey;
  /** Settings every function reads besides its resources (stage, site origin). */
  environment: Record<string, string>;
  logs: LogSettings;
}

/** The HTTP API: one Lambda and one route per route-table entry, plus the scheduled jobs. */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** The job functions by operation, for schedules made outside the API (lib/finance.ts). */
  readonly jobFunctions: ReadonlyMap<string, OperationFunction>;
  /** Every function, route and job, by operation (for alarms and the dashboard). */
  readonly functions = new Map<string, OperationFunction>();
  /** Host CloudFront forwards `/api/*` to. */
  readonly originDomainName: string;
  /**
   * The value CloudFront must send in the origin header (functions/adapters/origin-secret.ts):
   * generated by Secrets Manager, rotated by lib/origin-secret-rotation.ts, read by every route's function. The execute-api address stays
   * reachable (disabling it needs a custom domain for the API, which a stage without a domain lacks),
   * but answers 403 to whoever does not know this value.
   */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const environment = {
      TABLE_NAME: props.table.tableName,
      MEDIA_BUCKET: props.mediaBucket.bucketName,
      ...props.environment,
    };
    const operationFunction = (
      operation: string,
      module: string,
      options: Pick<OperationFunctionProps, 'nativeModules' | 'functionName' | 'memorySize'> = {},
    ) => new OperationFunction(this, operation, { module, environment, logs: props.logs, ...options });

    // Jobs schedule one another (a paid session's expiry may finish its booking), so their ARNs
    // are built from fixed names: a function holding its own GetAtt ARN would be a template cycle.
    const stack = Stack.of(this);
    const jobFunctions = props.jobs.map((job) => {
      const functionName = `${stack.stackName}-${job.operation}`;
      return {
        job,
        fn: operationFunction(job.operation, jobModule(job), { functionName }),
        arn: stack.formatArn({
          service: 'lambda',
          resource: 'function',
          resourceName: functionName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      };
    });
    props.scheduler.allowInvoking(jobFunctions.map(({ fn }) => fn));
    this.jobFunctions = new Map(jobFunctions.map(({ job, fn }) => [job.operation, fn]));
    for (const [operation, fn] of this.jobFunctions) this.functions.set(operation, fn);
    const grantTo = grantsFor({
      ...props,
      jobArns: new Map(jobFunctions.map(({ job, arn }) => [job.operation, arn])),
      redrivableJobs: props.jobs.filter((job) => job.folder !== 'streams').map((job) => job.operation),
      schedulerEnvironment: {
        SCHEDULE_GROUP: props.scheduler.group.scheduleGroupName,
        SCHEDULER_ROLE_ARN: props.scheduler.role.roleArn,
        [JOB_DEAD_LETTER_ARN_VARIABLE]: props.scheduler.deadLetterQueue.queueArn,
        ...Object.fromEntries(jobFunctions.map(({ job, arn }) => [jobArnVariable(job.operation), arn])),
      },
    });
    for (const { job, fn } of jobFunctions) {
      grantTableAccess(fn, props.table, job.table);
      grantTo(fn, job.grants);
    }

    this.httpApi = new HttpApi(this, 'HttpApi', { createDefaultStage: false });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(new LogGroup(this, 'AccessLogs', props.logs)),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    this.originSecret = new Secret(this, 'OriginSecret', {
      description: 'The header value CloudFront sends the API; anything else reaching execute-api is refused',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: props.logs.removalPolicy,
    });

    const invokers = new RouteInvokers(this, 'RouteInvokers');
    const signedIn = new HttpJwtAuthorizer('CognitoJwt', props.issuer, { jwtAudience: [props.audience] });
    for (const route of props.routes) {
      const fn = operationFunction(route.operation, routeModule(route), {
        nativeModules: route.nativeModules,
        memorySize: route.memoryMb,
      });
      this.functions.set(route.operation, fn);
      grantTableAccess(fn, props.table, route.table);
      grantTo(fn, route.grants);
      this.originSecret.grantRead(fn);
      fn.addEnvironment(ORIGIN_SECRET_ARN_VARIABLE, this.originSecret.secretArn);
      const [httpRoute] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: invokers.integrate(`${route.operation}Integration`, fn),
        authorizer: route.auth === 'user' ? signedIn : undefined,
      });
      if (httpRoute) throttleRoute(stage, httpRoute, throttleOf(route));
      if (route.auth === 'public' && httpRoute) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.operation} is public in the route table (directory, coach pages, signed webhooks, JSON 404).`,
        });
      }
    }
    const { region, urlSuffix } = stack;
    this.originDomainName = `${this.httpApi.apiId}.execute-api.${region}.${urlSuffix}`;
  }
}

type GrantTargets = Pick<
  ApiProps,
  | 'userPool'
  | 'mediaBucket'
  | 'siteBucket'
  | 'webhookArchive'
  | 'scheduler'
  | 'mailFrom'
  | 'integrationSecrets'
  | 'tokenKey'
> & {
  schedulerEnvironment: Record<string, string>;
  /** Each job function's ARN, built from its fixed name, by operation. */
  jobArns: ReadonlyMap<string, string>;
  /** The jobs a dead letter's re-run may start: each a function Scheduler or a request invokes, not a stream's consumer. */
  redrivableJobs: readonly string[];
};

/** Turns each route-table grant into the narrowest IAM permission that serves it. */
function grantsFor(targets: GrantTargets) {
  // Public files under media/, and browser uploads under uploads/ until the server has checked them.
  const mediaObjects = [MEDIA_PREFIX, UPLOAD_PREFIX].map((prefix) => targets.mediaBucket.arnForObjects(`${prefix}*`));
  const allowMedia = (fn: OperationFunction, actions: string[]) => {
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: mediaObjects }));
    for (const objects of mediaObjects) {
      acknowledgeWildcardResource(
        fn,
        objects,
        'Object keys are chosen at upload time; the grant stops at the media/ and uploads/ prefixes.',
      );
    }
  };
  const allowSecret = (integration: Integration) => (fn: OperationFunction) => {
    const secret = targets.integrationSecrets[integration];
    secret.grantRead(fn);
    fn.addEnvironment(secretArnVariable(integration), secret.secretArn);
  };
  const allowStarting =
    (...startable: string[]) =>
    (fn: OperationFunction) => {
      const arns = startable.map((job) => {
        const arn = targets.jobArns.get(job);
        if (!arn) throw new Error(`No job ${job} to grant starting`);
        fn.addEnvironment(jobArnVariable(job), arn);
        return arn;
      });
      fn.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: arns }));
    };
  const apply: Record<Grant, (fn: OperationFunction) => void> = {
    'media:read': (fn) => allowMedia(fn, ['s3:GetObject']),
    'directory:read': (fn) =>
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [targets.mediaBucket.arnForObjects(DIRECTORY_SNAPSHOT_KEY)],
        }),
      ),
    'site:read': (fn) => {
      const templates = DATA_PAGES.map((page) => targets.siteBucket.arnForObjects(prerenderedFileOf(page).slice(1)));
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: templates }));
      fn.addEnvironment('SITE_BUCKET', targets.siteBucket.bucketName);
    },
    'media:write': (fn) => allowMedia(fn, ['s3:PutObject', 's3:DeleteObject']),
    'mail:send': (fn) => {
      const stack = Stack.of(fn);
      const identity = (name: string) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
      const senderDomain = targets.mailFrom.split('@')[1] ?? targets.mailFrom;
      // SES authorizes against whichever identity is verified: the address or its domain.
      fn.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [identity(targets.mailFrom), identity(senderDomain)],
        }),
      );
      fn.addEnvironment('MAIL_FROM', targets.mailFrom);
    },
    'secret:stripe': allowSecret('stripe'),
    'secret:zoom': allowSecret('zoom'),
    'secret:calendly': allowSecret('calendly'),
    'secret:googleCalendar': allowSecret('googleCalendar'),
    'secret:microsoftCalendar': allowSecret('microsoftCalendar'),
    'tokens:use': (fn) => {
      fn.addToRolePolicy(
        new PolicyStatement({ actions: ['kms:Encrypt', 'kms:Decrypt'], resources: [targets.tokenKey.keyArn] }),
      );
      fn.addEnvironment('TOKEN_KEY_ID', targets.tokenKey.keyArn);
    },
    'archive:write': (fn) => {
      const archiveObjects = targets.webhookArchive.arnForObjects(`${WEBHOOK_ARCHIVE_PREFIX}*`);
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [archiveObjects] }));
      fn.addEnvironment('WEBHOOK_ARCHIVE_BUCKET', targets.webhookArchive.bucketName);
      acknowledgeWildcardResource(
        fn,
        archiveObjects,
        'Each event is archived under its own key; the grant stops at the stripe/ prefix.',
      );
    },
    'archive:audit': (fn) => {
      const auditObjects = targets.webhookArchive.arnForObjects(`${AUDIT_ARCHIVE_PREFIX}*`);
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [auditObjects] }));
      fn.addEnvironment('AUDIT_ARCHIVE_BUCKET', targets.webhookArchive.bucketName);
      acknowledgeWildcardResource(
        fn,
        auditObjects,
        "Each day's export is its own object; the grant stops at the audit/ prefix.",
      );
    },
    'scheduler:manage': (fn) => {
      targets.scheduler.grantManageSchedules(fn);
      for (const [name, value] of Object.entries(targets.schedulerEnvironment)) fn.addEnvironment(name, value);
    },
    'start:finishBooking': allowStarting('finishBooking'),
    'start:checkNpi': allowStarting('checkNpi'),
    'start:refundSession': allowStarting('refundSession'),
    'start:completeSession': allowStarting('completeSession'),
    'jobs:redrive': allowStarting(...targets.redrivableJobs),
    'accounts:read': (fn) =>
      targets.userPool.grant(fn, 'cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'),
    'accounts:set-password': (fn) =>
      targets.userPool.grant(fn, 'cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminRemoveUserFromGroup'),
    'accounts:delete': (fn) => targets.userPool.grant(fn, 'cognito-idp:AdminDeleteUser'),
    'accounts:disable': (fn) =>
      targets.userPool.grant(fn, 'cognito-idp:AdminDisableUser', 'cognito-idp:AdminUserGlobalSignOut'),
    'accounts:enable': (fn) => targets.userPool.grant(fn, 'cognito-idp:AdminEnableUser'),
    'accounts:list': (fn) => targets.userPool.grant(fn, 'cognito-idp:ListUsers'),
  };
  return (fn: OperationFunction, grants: readonly Grant[]) => {
    for (const grant of grants) apply[grant](fn);
  };
}
