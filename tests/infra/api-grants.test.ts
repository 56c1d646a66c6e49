import { ORIGIN_SECRET_ARN_VARIABLE } from '../../functions/adapters/origin-secret';
import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { UserPool } from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableSchema } from '../../functions/data/table-schema';
import type { Grant, Job, Route, TableAccess } from '../../functions/routes';
import { Api } from '../../lib/api';
import { Data } from '../../lib/data';
import { IntegrationSecrets } from '../../lib/integrations';
import { TokenKey } from '../../lib/mentor-calendars';
import { WebhookArchive } from '../../lib/finance';
import { JobScheduler } from '../../lib/scheduler';
import { Storage } from '../../lib/storage';
import { type Synthesized, synthesize, testApp } from './synth-app';

// A route table that uses every grant once, so each mapping to IAM is exercised whatever the real table holds.
const route = (operation: string, auth: Route['auth'], grants: Grant[], table: TableAccess[] = []): Route => ({
  operation,
  method: 'POST',
  path: `/api/${operation}`,
  handler: 'get-coach',
  auth,
  table,
  grants,
});
const routes: Route[] = [
  route('readsTable', 'public', [], ['read']),
  route('writesTable', 'user', [], ['write']),
  route('queriesIndexes', 'user', [], ['query:byOwner', 'query:directory']),
  route('readsMedia', 'user', ['media:read']),
  route('writesMedia', 'user', ['media:write']),
  route('sendsMail', 'user', ['mail:send']),
  route('managesSchedules', 'user', ['scheduler:manage']),
  route('readsStripeSecret', 'user', ['secret:stripe']),
  route('readsZoomAndCalendlySecrets', 'user', ['secret:zoom', 'secret:calendly']),
  route('archivesWebhooks', 'public', ['archive:write']),
  route('archivesAuditDays', 'user', ['archive:audit']),
  route('startsFinishBooking', 'public', ['start:finishBooking']),
  route('usesCalendarTokens', 'user', ['tokens:use', 'secret:googleCalendar', 'secret:microsoftCalendar']),
  route('readsAccounts', 'user', ['accounts:read']),
  route('setsPasswords', 'user', ['accounts:read', 'accounts:set-password']),
  route('disablesAccounts', 'user', ['accounts:disable']),
  route('enablesAccounts', 'user', ['accounts:enable']),
  route('listsAccounts', 'user', ['accounts:list']),
  route('touchesNothing', 'public', []),
];
const jobs: Job[] = [
  { operation: 'expireSomething', handler: 'complete-session', table: ['write'], grants: [] },
  { operation: 'finishBooking', handler: 'finish-booking', table: [], grants: [] },
];

let stack: Stack;
let api: Api;
let scheduler: JobScheduler;
let integrations: IntegrationSecrets;
let tokenKey: TokenKey;
let archive: WebhookArchive;
let userPool: UserPool;
let synth: Synthesized;

beforeAll(() => {
  const app = testApp();
  stack = new Stack(app, 'GrantsUnderTest', { env: { region: 'us-east-1' } });
  const removalPolicy = RemovalPolicy.DESTROY;
  const storage = new Storage(stack, 'Storage', { removalPolicy, uploadOrigins: ['https://site.example'] });
  const data = new Data(stack, 'Data', { removalPolicy, deletionProtection: false });
  scheduler = new JobScheduler(stack, 'Scheduler', { removalPolicy });
  integrations = new IntegrationSecrets(stack, 'Integrations', { removalPolicy });
  tokenKey = new TokenKey(stack, 'TokenKey', { removalPolicy });
  archive = new WebhookArchive(stack, 'Archive', { removalPolicy, retentionDays: 1, logBucket: storage.logBucket });
  userPool = new UserPool(stack, 'UserPool', { removalPolicy });
  Validations.of(userPool).acknowledge(
    { id: 'AwsSolutions-COG1', reason: 'A bare pool to grant on; the real one is tested in dev-stack.' },
    { id: 'AwsSolutions-COG2', reason: 'A bare pool to grant on; the real one is tested in dev-stack.' },
    { id: 'AwsSolutions-COG3', reason: 'A bare pool to grant on; the real one is tested in dev-stack.' },
    { id: 'AwsSolutions-COG8', reason: 'A bare pool to grant on; the real one is tested in dev-stack.' },
  );
  api = new Api(stack, 'Api', {
    routes,
    jobs,
    table: data.table,
    userPool,
    mediaBucket: storage.mediaBucket,
    siteBucket: storage.siteBucket,
    webhookArchive: archive.bucket,
    scheduler,
    issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_TEST',
    audience: 'test-client-id',
    mailFrom: 'no-reply@mail.example',
    integrationSecrets: integrations.secrets,
    tokenKey: tokenKey.key,
    environment: { STAGE: 'test' },
    logs: { retention: RetentionDays.ONE_DAY, removalPolicy },
  });
  Validations.of(api.originSecret).acknowledge({
    id: 'AwsSolutions-SMG4',
    reason: 'The stack rotates it with the distribution, which this stack lacks (abuse-limits.test.ts).',
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

/** An action or resource list as CloudFormation may merge and order it: compared as a sorted set. */
const unordered = (value: unknown) =>
  [value]
    .flat()
    .map((each) => JSON.stringify(each))
    .sort();
const tableActionsOf = (operation: string) =>
  unordered(actionsOf(operation).filter((action) => action.startsWith('dynamodb:')));

describe('the token key', () => {
  const keyArn = () => getAtt(tokenKey.key, 'Arn');
  const kmsActionsOf = (operation: string) => actionsOf(operation).filter((action) => action.startsWith('kms:'));

  it('only tokens:use may encrypt and decrypt with it, on that key alone, and learns its id', () => {
    const use = statementFor('usesCalendarTokens', 'kms:Decrypt');
    expect(unordered(use?.Action)).toEqual(unordered(['kms:Encrypt', 'kms:Decrypt']));
    expect(use?.Resource).toEqual(keyArn());
    expect(synth.resourceOf(fn('usesCalendarTokens')).Properties.Environment.Variables.TOKEN_KEY_ID).toEqual(keyArn());
    for (const operation of [...routes, ...jobs].map((entry) => entry.operation)) {
      if (operation === 'usesCalendarTokens') continue;
      expect(kmsActionsOf(operation), operation).toEqual([]);
    }
  });

  it('rotates yearly, and its policy leaves use to IAM (the account only)', () => {
    const key = synth.resourceOf(tokenKey.key);
    expect(key.Properties).toMatchObject({ EnableKeyRotation: true, RotationPeriodInDays: 365 });
    const principals = key.Properties.KeyPolicy.Statement.map((statement: { Principal: unknown }) =>
      JSON.stringify(statement.Principal),
    );
    expect(principals.every((principal: string) => principal.includes(':root'))).toBe(true);
  });
});

describe('grants from the route table', () => {
  const tableArn = () => getAtt(stack.node.findChild('Data').node.findChild('Table'), 'Arn');

  it('read gets, batch-gets and queries items of the table itself, and writes nothing', () => {
    const read = statementFor('readsTable', 'dynamodb:GetItem');
    expect(unordered(read?.Action)).toEqual(unordered(['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query']));
    expect(read?.Resource).toEqual(tableArn());
    expect(tableActionsOf('readsTable')).toEqual(unordered(read?.Action));
  });

  it('write puts, updates and deletes items of the table, and reads nothing', () => {
    const write = statementFor('writesTable', 'dynamodb:PutItem');
    expect(unordered(write?.Action)).toEqual(
      unordered(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
    );
    expect(write?.Resource).toEqual(tableArn());
    expect(tableActionsOf('writesTable')).toEqual(unordered(write?.Action));
    expect(tableActionsOf('expireSomething')).toEqual(unordered(write?.Action));
  });

  it('query:<index> queries only the named indexes, by their own ARNs, and nothing of the table', () => {
    const indexArn = (name: string) => ({ 'Fn::Join': ['', [tableArn(), `/index/${name}`]] });
    const query = statementFor('queriesIndexes', 'dynamodb:Query');
    expect(query?.Action).toBe('dynamodb:Query');
    expect(unordered(query?.Resource)).toEqual(
      unordered([indexArn(tableSchema.indexes.byOwner.name), indexArn(tableSchema.indexes.directory.name)]),
    );
    expect(tableActionsOf('queriesIndexes')).toEqual(unordered('dynamodb:Query'));
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

  it('secret:<integration> may read that integration’s secret only, and learns its ARN', () => {
    const secretRef = (integration: 'stripe' | 'zoom' | 'calendly') => ({
      Ref: synth.logicalId(integrations.secrets[integration]),
    });
    const readSecrets = (operation: string) =>
      synth
        .policyStatementsOf(fn(operation))
        .filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'))
        .flatMap((statement) => unordered(statement.Resource))
        // Every route function reads CloudFront's origin secret (its own test below).
        .filter((resource) => resource !== JSON.stringify({ Ref: synth.logicalId(api.originSecret) }));
    expect(readSecrets('readsStripeSecret')).toEqual(unordered(secretRef('stripe')));
    expect(readSecrets('readsZoomAndCalendlySecrets')).toEqual(unordered([secretRef('zoom'), secretRef('calendly')]));
    expect(synth.resourceOf(fn('readsStripeSecret')).Properties.Environment.Variables.STRIPE_SECRET_ARN).toEqual(
      secretRef('stripe'),
    );
    const variables = synth.resourceOf(fn('readsZoomAndCalendlySecrets')).Properties.Environment.Variables;
    expect(variables).toMatchObject({ ZOOM_SECRET_ARN: secretRef('zoom'), CALENDLY_SECRET_ARN: secretRef('calendly') });
    expect(variables.STRIPE_SECRET_ARN).toBeUndefined();
    const tableOnly = Object.keys(synth.resourceOf(fn('readsTable')).Properties.Environment.Variables);
    expect(tableOnly.filter((name) => name.endsWith('_SECRET_ARN'))).toEqual([ORIGIN_SECRET_ARN_VARIABLE]);
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

  it('archive:audit may only put objects under audit/ of the archive, and learns the bucket', () => {
    expect(statementFor('archivesAuditDays', 's3:PutObject')).toMatchObject({
      Action: 's3:PutObject',
      Resource: { 'Fn::Join': ['', [getAtt(archive.bucket, 'Arn'), '/audit/*']] },
    });
    expect(actionsOf('archivesAuditDays').filter((action) => action.startsWith('s3:'))).toEqual(['s3:PutObject']);
    expect(synth.resourceOf(fn('archivesAuditDays')).Properties.Environment.Variables.AUDIT_ARCHIVE_BUCKET).toEqual({
      Ref: synth.logicalId(archive.bucket),
    });
  });

  it('start:<job> may invoke that job function only, and learns its ARN', () => {
    const invoke = statementFor('startsFinishBooking', 'lambda:InvokeFunction');
    expect(invoke?.Action).toBe('lambda:InvokeFunction');
    expect(JSON.stringify(invoke?.Resource)).toContain(':function:GrantsUnderTest-finishBooking"');
    expect(actionsOf('startsFinishBooking').filter((action) => action.startsWith('lambda:'))).toEqual([
      'lambda:InvokeFunction',
    ]);
    const variables = synth.resourceOf(fn('startsFinishBooking')).Properties.Environment.Variables;
    expect(JSON.stringify(variables.JOB_FINISH_BOOKING_ARN)).toContain(':function:GrantsUnderTest-finishBooking"');
    expect(variables.JOB_EXPIRE_SOMETHING_ARN).toBeUndefined();
  });

  it('accounts:read only reads users and their groups, accounts:set-password only sets passwords, accounts:list only lists users, of the one pool', () => {
    const poolArn = getAtt(userPool, 'Arn');
    const accountActions = (operation: string) =>
      actionsOf(operation)
        .filter((action) => action.startsWith('cognito-idp:'))
        .sort();
    expect(accountActions('readsAccounts')).toEqual(['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser']);
    expect(accountActions('setsPasswords')).toEqual([
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminListGroupsForUser',
      'cognito-idp:AdminRemoveUserFromGroup',
      'cognito-idp:AdminSetUserPassword',
    ]);
    for (const action of accountActions('setsPasswords'))
      expect(statementFor('setsPasswords', action)?.Resource).toEqual(poolArn);
    expect(accountActions('listsAccounts')).toEqual(['cognito-idp:ListUsers']);
    expect(statementFor('listsAccounts', 'cognito-idp:ListUsers')?.Resource).toEqual(poolArn);
  });

  it('accounts:disable only disables and signs out, accounts:enable only enables, users of the one pool', () => {
    const accountActions = (operation: string) =>
      actionsOf(operation)
        .filter((action) => action.startsWith('cognito-idp:'))
        .sort();
    expect(accountActions('disablesAccounts')).toEqual([
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
    expect(accountActions('enablesAccounts')).toEqual(['cognito-idp:AdminEnableUser']);
    for (const action of accountActions('disablesAccounts'))
      expect(statementFor('disablesAccounts', action)?.Resource).toEqual(getAtt(userPool, 'Arn'));
  });

  it('no grant means nothing beyond tracing and reading the origin secret that every route checks', () => {
    expect(actionsOf('touchesNothing').sort()).toEqual([
      'secretsmanager:DescribeSecret',
      'secretsmanager:GetSecretValue',
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ]);
    expect(statementFor('touchesNothing', 'secretsmanager:GetSecretValue')?.Resource).toEqual({
      Ref: synth.logicalId(api.originSecret),
    });
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
