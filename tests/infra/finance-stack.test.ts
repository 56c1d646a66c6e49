import { App, type Stack } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { settingsFromContext } from '../../lib/stack';
import { PROD_CONTEXT, type Synthesized, synthesizedApp } from './synth-app';

let stack: Stack;
let synth: Synthesized;

beforeAll(() => {
  ({ stack, synth } = synthesizedApp(PROD_CONTEXT));
});

const construct = (...path: string[]): IConstruct =>
  path.reduce<IConstruct>((scope, id) => scope.node.findChild(id), stack);
const ref = (...path: string[]) => ({ Ref: synth.logicalId(construct(...path)) });

describe('the finance group', () => {
  it('is created in the user pool as `finance`', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: 'finance',
      UserPoolId: ref('Auth', 'UserPool'),
    });
  });
});

describe('the support group', () => {
  it('is created in the user pool as `support`', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: 'support',
      UserPoolId: ref('Auth', 'UserPool'),
    });
  });
});

describe('the raw webhook archive', () => {
  const archive = () => synth.resourceOf(construct('WebhookArchive', 'Bucket'));

  it('is private: every public access blocked', () => {
    expect(archive().Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });

  it('is encrypted at rest and versioned, and logs its access', () => {
    expect(archive().Properties.BucketEncryption).toEqual({
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    });
    expect(archive().Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(archive().Properties.LoggingConfiguration.DestinationBucketName).toEqual(ref('Storage', 'LogBucket'));
  });

  it('refuses every request that is not over TLS', () => {
    synth.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: ref('WebhookArchive', 'Bucket'),
      PolicyDocument: {
        Statement: [
          {
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          },
        ],
      },
    });
  });

  it('keeps events seven years in prod, then expires them (old versions too), and outlives the stack', () => {
    expect(archive().Properties.LifecycleConfiguration.Rules).toEqual([
      { ExpirationInDays: 2557, NoncurrentVersionExpiration: { NoncurrentDays: 2557 }, Status: 'Enabled' },
    ]);
    expect(archive().DeletionPolicy).toBe('Retain');
  });

  it('is written by the webhook function and the audit export only, the webhook told its name', () => {
    const webhook = synth.resourceOf(construct('Api', 'stripeWebhook'));
    expect(webhook.Properties.Environment.Variables.WEBHOOK_ARCHIVE_BUCKET).toEqual(ref('WebhookArchive', 'Bucket'));
    // Grants sit in policies of their own or, for the functions, inline in the role (lib/api.ts).
    const bucket = synth.logicalId(construct('WebhookArchive', 'Bucket'));
    const writers = Object.entries({
      ...synth.template.findResources('AWS::IAM::Policy'),
      ...synth.template.findResources('AWS::IAM::Role'),
    }).filter(([, resource]) =>
      JSON.stringify(resource.Properties.PolicyDocument ?? resource.Properties.Policies ?? []).includes(bucket),
    );
    // And the audit log's daily export, under audit/ only (audit-log.test.ts).
    const roles = ['stripeWebhook', 'exportAuditDay'].map(
      (operation) => (construct('Api', operation) as IFunction).role as IConstruct,
    );
    expect(writers.map(([id]) => id).sort()).toEqual(roles.map((role) => synth.logicalId(role)).sort());
  });
});

describe('the daily reconciliation', () => {
  it('runs the reconcile job every day at 02:30 UTC as the scheduler role', () => {
    synth.template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(30 2 * * ? *)',
      ScheduleExpressionTimezone: 'UTC',
      State: 'ENABLED',
      Target: {
        Arn: { 'Fn::GetAtt': [synth.logicalId(construct('Api', 'reconcileLedger')), 'Arn'] },
        RoleArn: { 'Fn::GetAtt': [synth.logicalId(construct('Scheduler', 'InvokeRole')), 'Arn'] },
        Input: '{}',
      },
    });
  });

  it('alarms when a day has a mismatch', () => {
    synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'PhysicianMentors',
      MetricName: 'ReconciliationMismatches',
      Dimensions: [
        { Name: 'Stage', Value: 'prod' },
        { Name: 'service', Value: 'physician-mentors' },
      ],
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
    });
  });

  it('leaves nothing for cdk-nag to object to', () => {
    expect(synth.validationErrors('AwsSolutions')).toEqual([]);
  });
});

describe("coaches' transfers after delivery", () => {
  const functionArn = (operation: string) => ({ 'Fn::GetAtt': [synth.logicalId(construct('Api', operation)), 'Arn'] });
  const deadLetters = () => ({ 'Fn::GetAtt': [synth.logicalId(construct('Scheduler', 'DeadLetters')), 'Arn'] });

  it('are made by the completion job, which Lambda retries twice and then dead-letters', () => {
    synth.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: synth.logicalId(construct('Api', 'completeSession')) },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: deadLetters() } },
    });
    expect(synth.resourceOf(construct('Api', 'completeSession')).Properties.Environment.Variables).toHaveProperty(
      'STRIPE_SECRET_ARN',
    );
  });

  it("pay a plan's month on the same completion job: scheduled from the table's stream, or started by the webhook", () => {
    const mapping = Object.values(synth.template.findResources('AWS::Lambda::EventSourceMapping')).find(
      (resource) => resource.Properties.FunctionName.Ref === synth.logicalId(construct('Api', 'startSessionWork')),
    );
    const [filter] = mapping?.Properties.FilterCriteria.Filters ?? [];
    expect(JSON.parse(filter.Pattern)).toEqual({ dynamodb: { Keys: { sk: { S: ['SESSION', 'PLANPAYOUT'] } } } });
    for (const operation of ['stripeWebhook', 'startSessionWork']) {
      expect(synth.resourceOf(construct('Api', operation)).Properties.Environment.Variables).toMatchObject({
        JOB_COMPLETE_SESSION_ARN: expect.anything(),
      });
    }
  });

  it('are tried again daily at 03:30 UTC while owed, with the same retries and dead letters', () => {
    synth.template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(30 3 * * ? *)',
      ScheduleExpressionTimezone: 'UTC',
      Target: {
        Arn: functionArn('payOwedTransfers'),
        Input: '{}',
        RetryPolicy: { MaximumRetryAttempts: 3 },
        DeadLetterConfig: { Arn: deadLetters() },
      },
    });
    synth.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: synth.logicalId(construct('Api', 'payOwedTransfers')) },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: deadLetters() } },
    });
  });

  it('alarm as TransfersFailing on any failed transfer, and on any dispute of money already paid out, to the alarm topic', () => {
    const topic = { Ref: synth.logicalId(construct('Observability', 'AlarmTopic')) };
    for (const [metricName, name] of [
      ['TransferFailures', 'PhysicianMentors-prod-TransfersFailing'],
      ['DisputesAfterTransfer', undefined],
    ] as const) {
      synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        ...(name ? { AlarmName: name } : {}),
        Namespace: 'PhysicianMentors',
        MetricName: metricName,
        Statistic: 'Sum',
        Period: 300,
        ComparisonOperator: 'GreaterThanThreshold',
        Threshold: 0,
        AlarmActions: [topic],
      });
    }
  });
});

describe('the daily settlement sweep', () => {
  const functionArn = (operation: string) => ({ 'Fn::GetAtt': [synth.logicalId(construct('Api', operation)), 'Arn'] });

  it('runs every day at 04:30 UTC, after the owed transfers, with the retries and dead letters of the other jobs', () => {
    synth.template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(30 4 * * ? *)',
      ScheduleExpressionTimezone: 'UTC',
      State: 'ENABLED',
      Target: {
        Arn: functionArn('sweepSettlements'),
        RoleArn: { 'Fn::GetAtt': [synth.logicalId(construct('Scheduler', 'InvokeRole')), 'Arn'] },
        Input: '{}',
        RetryPolicy: { MaximumRetryAttempts: 3 },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [synth.logicalId(construct('Scheduler', 'DeadLetters')), 'Arn'] } },
      },
    });
  });

  it('alarms as SettlementsStuck, to the alarm topic, on a day whose sweep left anything stuck', () => {
    synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'PhysicianMentors-prod-SettlementsStuck',
      Namespace: 'PhysicianMentors',
      MetricName: 'SettlementsStuck',
      Dimensions: [
        { Name: 'Stage', Value: 'prod' },
        { Name: 'service', Value: 'physician-mentors' },
      ],
      Statistic: 'Maximum',
      Period: 86_400,
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
      AlarmActions: [{ Ref: synth.logicalId(construct('Observability', 'AlarmTopic')) }],
    });
  });

  it('queries only the sparse settlement index, never scans the table', () => {
    const role = (construct('Api', 'sweepSettlements') as IFunction).role as IConstruct;
    const statements = JSON.stringify(synth.resourceOf(role).Properties.Policies ?? []);
    expect(statements).toContain('/index/settlement');
    expect(statements).not.toContain('dynamodb:Scan');
  });
});

describe('charges the ledger has no payment for', () => {
  it('alarm on any refund or dispute of one given up on, to the alarm topic, for the stage only', () => {
    synth.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'PhysicianMentors',
      MetricName: 'UnmatchedCharges',
      Dimensions: [
        { Name: 'Stage', Value: 'prod' },
        { Name: 'service', Value: 'physician-mentors' },
      ],
      Statistic: 'Sum',
      Period: 300,
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: synth.logicalId(construct('Observability', 'AlarmTopic')) }],
    });
  });
});

describe('the platform fee from context', () => {
  const settings = (context: Record<string, string>) => settingsFromContext(new App({ context }).node);

  it("defaults to 10%, never below Stripe's 2.9% + 30¢, and reaches every function", () => {
    expect(settings({}).feeRule).toEqual({ percent: 10, floorPercent: 2.9, floorCents: 30 });
    expect(synth.resourceOf(construct('Api', 'createSession')).Properties.Environment.Variables).toMatchObject({
      PLATFORM_FEE_PERCENT: '10',
      PLATFORM_FEE_FLOOR_PERCENT: '2.9',
      PLATFORM_FEE_FLOOR_CENTS: '30',
    });
  });

  it('takes each part per stage, and refuses a rule that cannot work', () => {
    expect(settings({ platformFeePercent: '12', platformFeeFloorCents: '45' }).feeRule).toEqual({
      percent: 12,
      floorPercent: 2.9,
      floorCents: 45,
    });
    expect(() => settings({ platformFeePercent: '100' })).toThrow(/platformFeePercent/);
    expect(() => settings({ platformFeeFloorCents: '30.5' })).toThrow(/platformFeeFloorCents/);
    expect(() => settings({ platformFeeFloorPercent: '-1' })).toThrow(/platformFeeFloorPercent/);
  });
});

describe('archive retention from context', () => {
  const settings = (context: Record<string, string>) => settingsFromContext(new App({ context }).node);

  it('defaults to seven years in prod and 30 days in dev', () => {
    expect(settings(PROD_CONTEXT).webhookArchiveRetentionDays).toBe(2557);
    expect(settings({}).webhookArchiveRetentionDays).toBe(30);
  });

  it('takes -c webhookArchiveRetentionDays, a whole number of days', () => {
    expect(settings({ webhookArchiveRetentionDays: '3650' }).webhookArchiveRetentionDays).toBe(3650);
    expect(() => settings({ webhookArchiveRetentionDays: '0' })).toThrow(/at least 1/);
    expect(() => settings({ webhookArchiveRetentionDays: 'forever' })).toThrow(/whole number/);
  });
});
