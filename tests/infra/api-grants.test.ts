import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Grant, Job, Route } from '../../functions/routes';
import { Api } from '../../lib/api';
import { Data } from '../../lib/data';
import { WebhookArchive } from '../../lib/finance';
import { JobScheduler } from '../../lib/scheduler';
import { Storage } from '../../lib/storage';
import { type Synthesized, synthesize, testApp } from './synth-app';

// A route table that uses every grant once, so each mapping to IAM is exercised whatever the real table holds.
const route = (operation: string, auth: Route['auth'], grants: Grant[]): Route => ({
  operation,
  method: 'POST',
  path: `/api/${operation}`,
  handler: 'get-coach',
  auth,
  grants,
});
const routes: Route[] = [
  route('readsTable', 'public', ['table:read']),
  route('writesTable', 'user', ['table:write']),
  route('readsMedia', 'user', ['media:read']),
  route('writesMedia', 'user', ['media:write']),
  route('sendsMail', 'user', ['mail:send']),
  route('managesSchedules', 'user', ['scheduler:manage']),
  route('readsIntegrations', 'user', ['integrations:read']),
  route('archivesWebhooks', 'public', ['archive:write']),
  route('touchesNothing', 'public', []),
];
const jobs: Job[] = [{ operation: 'expireSomething', handler: 'complete-session', grants: ['table:write'] }];

let stack: Stack;
let api: Api;
let scheduler: JobScheduler;
let integrations: Secret;
let archive: WebhookArchive;
let synth: Synthesized;

beforeAll(() => {
  const app = testApp();
  stack = new Stack(app, 'GrantsUnderTest', { env: { region: 'us-east-1' } });
  const removalPolicy = RemovalPolicy.DESTROY;
  const storage = new Storage(stack, 'Storage', { removalPolicy, siteOrigin: 'https://site.example' });
  const data = new Data(stack, 'Data', { removalPolicy, deletionProtection: false });
  scheduler = new JobScheduler(stack, 'Scheduler', { removalPolicy });
  archive = new WebhookArchive(stack, 'Archive', { removalPolicy, retentionDays: 1, logBucket: storage.logBucket });
  integrations = new Secret(stack, 'Integrations');
  Validations.of(integrations).acknowledge({ id: 'AwsSolutions-SMG4', reason: 'Test secret.' });
  api = new Api(stack, 'Api', {
    routes,
    jobs,
    table: data.table,
    mediaBucket: storage.mediaBucket,
    webhookArchive: archive.bucket,
    scheduler,
    issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_TEST',
    audience: 'test-client-id',
    mailFrom: 'no-reply@mail.example',
    integrationsSecret: integrations,
    environment: { STAGE: 'test' },
    logs: { retention: RetentionDays.ONE_DAY, removalPolicy },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  synth = synthesize(app, stack);
});

const fn = (operation: string) => api.node.findChild(operation) as IFunction;
const actionsOf = (operation: string) =>
  synth.policyStatementsOf(fn(operation)).flatMap((statement) => [statement.Action].flat());
const statementFor = (operation: string, action: string) =>
  synth.policyStatementsOf(fn(operation)).find((statement) => [statement.Action].flat().includes(action));
const getAtt = (construct: IConstruct, attribute: string) => ({
  'Fn::GetAtt': [synth.logicalId(construct), attribute],
});
const mediaObjects = () =>
  ['/media/*', '/uploads/*'].map((prefix) => ({
    'Fn::Join': ['', [getAtt(stack.node.findChild('Storage').node.findChild('MediaBucket'), 'Arn'), prefix]],
  }));

describe('grants from the route table', () => {
  it('table:read reads the table and its indexes, and writes nothing', () => {
    expect(actionsOf('readsTable')).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
    expect(actionsOf('readsTable')).not.toContain('dynamodb:PutItem');
    expect(JSON.stringify(statementFor('readsTable', 'dynamodb:Query')?.Resource)).toContain('/index/*');
  });

  it('table:write writes items and reads nothing', () => {
    expect(actionsOf('writesTable')).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
    );
    expect(actionsOf('writesTable')).not.toContain('dynamodb:Query');
    expect(actionsOf('writesTable')).not.toContain('dynamodb:GetItem');
  });

  it('media:read and media:write touch only objects under media/ and uploads/', () => {
    expect(statementFor('readsMedia', 's3:GetObject')).toMatchObject({
      Action: 's3:GetObject',
      Resource: mediaObjects(),
    });
    const write = statementFor('writesMedia', 's3:PutObject');
    expect([write?.Action].flat().sort()).toEqual(['s3:DeleteObject', 's3:PutObject']);
    expect(write?.Resource).toEqual(mediaObjects());
    expect(actionsOf('readsMedia').filter((action) => action.startsWith('s3:'))).toEqual(['s3:GetObject']);
  });

  it('mail:send may send as the sender address or its domain, and gets MAIL_FROM', () => {
    const statement = statementFor('sendsMail', 'ses:SendEmail');
    expect(JSON.stringify(statement?.Resource)).toContain(':identity/no-reply@mail.example');
    expect(JSON.stringify(statement?.Resource)).toContain(':identity/mail.example');
    expect(synth.resourceOf(fn('sendsMail')).Properties.Environment.Variables.MAIL_FROM).toBe('no-reply@mail.example');
  });

  it('scheduler:manage creates and deletes schedules in the group only, passing only the scheduler role', () => {
    const manage = statementFor('managesSchedules', 'scheduler:CreateSchedule');
    expect(manage?.Action).toEqual(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']);
    expect(JSON.stringify(manage?.Resource)).toContain(':schedule/GrantsUnderTest-jobs/*');
    expect(statementFor('managesSchedules', 'iam:PassRole')?.Resource).toEqual(getAtt(scheduler.role, 'Arn'));
  });

  it('scheduler:manage hands the function the group, the role and each job ARN', () => {
    const variables = synth.resourceOf(fn('managesSchedules')).Properties.Environment.Variables;
    expect(variables).toMatchObject({
      SCHEDULE_GROUP: 'GrantsUnderTest-jobs',
      SCHEDULER_ROLE_ARN: getAtt(scheduler.role, 'Arn'),
    });
    // Built from the job's fixed name, so jobs may schedule each other without a template cycle.
    expect(JSON.stringify(variables.JOB_EXPIRE_SOMETHING_ARN)).toContain(':function:GrantsUnderTest-expireSomething');
    expect(synth.resourceOf(fn('expireSomething')).Properties.FunctionName).toBe('GrantsUnderTest-expireSomething');
  });

  it('integrations:read may read the one integrations secret, and learns its ARN', () => {
    const read = statementFor('readsIntegrations', 'secretsmanager:GetSecretValue');
    expect(read?.Resource).toEqual({ Ref: synth.logicalId(integrations) });
    expect(synth.resourceOf(fn('readsIntegrations')).Properties.Environment.Variables.INTEGRATIONS_SECRET_ARN).toEqual({
      Ref: synth.logicalId(integrations),
    });
    expect(JSON.stringify(synth.resourceOf(fn('readsTable')).Properties.Environment)).not.toContain('INTEGRATIONS');
  });

  it('archive:write may only put objects under stripe/ of the archive, and learns the bucket', () => {
    const put = statementFor('archivesWebhooks', 's3:PutObject');
    expect(put).toMatchObject({
      Action: 's3:PutObject',
      Resource: { 'Fn::Join': ['', [getAtt(archive.bucket, 'Arn'), '/stripe/*']] },
    });
    expect(actionsOf('archivesWebhooks').filter((action) => action.startsWith('s3:'))).toEqual(['s3:PutObject']);
    expect(synth.resourceOf(fn('archivesWebhooks')).Properties.Environment.Variables.WEBHOOK_ARCHIVE_BUCKET).toEqual({
      Ref: synth.logicalId(archive.bucket),
    });
  });

  it('no grant means nothing beyond tracing', () => {
    expect(actionsOf('touchesNothing').sort()).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
  });

  it('every acknowledged wildcard is one of these, and nothing else fails cdk-nag', () => {
    expect(synth.validationErrors('AwsSolutions')).toEqual([]);
  });
});

describe('authorizer', () => {
  it('checks Cognito JWTs against the pool issuer and the app client', () => {
    synth.template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    synth.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_TEST',
        Audience: ['test-client-id'],
      },
    });
  });

  it('guards signed-in routes only', () => {
    for (const { operation, auth, method, path } of routes) {
      const [found] = Object.values(
        synth.template.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: `${method} ${path}` } }),
      );
      expect(found?.Properties.AuthorizationType, operation).toBe(auth === 'user' ? 'JWT' : 'NONE');
      expect(found?.Properties.AuthorizerId !== undefined, operation).toBe(auth === 'user');
    }
  });
});
