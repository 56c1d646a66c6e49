import type { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { JOB_DEAD_LETTER_ARN_VARIABLE } from '../../functions/adapters/job-delivery';
import { DEPENDENCY_LATENCY, SLOW_CALL_MS } from '../../functions/runtime/metrics';
import { jobs, routes } from '../../functions/routes';
import { SESSION_RECORDS_PATTERN } from '../../functions/workflows/booking/session-work';
import { deadLetterKeeperEntry, directoryRebuildEntry, originSecretRotationEntry } from '../../lib/bundling';
import { PROD_CONTEXT, type Synthesized, synthesizedApp } from './synth-app';

const ALARM_EMAIL = PROD_CONTEXT.alarmEmail;

let stack: Stack;
let synth: Synthesized;

beforeAll(() => {
  ({ stack, synth } = synthesizedApp(PROD_CONTEXT));
});

const construct = (...path: string[]): IConstruct =>
  path.reduce<IConstruct>((scope, id) => scope.node.findChild(id), stack);
const id = (...path: string[]) => synth.logicalId(construct(...path));
const queueArn = () => ({ 'Fn::GetAtt': [id('Scheduler', 'DeadLetters'), 'Arn'] });
const functionIds = () => Object.keys(synth.template.findResources('AWS::Lambda::Function'));
const operationFunctionIds = () =>
  functionIds().filter((logicalId) => {
    const fn = synth.template.toJSON().Resources[logicalId];
    // Our functions run Node 22 with X-Ray; aws-cdk-lib's own deploy-time handlers do not.
    return fn.Properties.TracingConfig?.Mode === 'Active';
  });

/** Alarms whose metric has this name, by the logical id of the resource in their dimension. */
function alarmsOn(metricName: string) {
  return Object.values(
    synth.template.findResources('AWS::CloudWatch::Alarm', { Properties: { MetricName: metricName } }),
  );
}
const dimensionRefs = (alarms: ReturnType<typeof alarmsOn>) =>
  alarms.map((alarm) => alarm.Properties.Dimensions[0].Value.Ref);

interface MetricQuery {
  MetricStat?: { Metric: { MetricName: string; Dimensions: { Value: { Ref: string } }[] } };
}
/** The functions (logical ids) whose metric of this name is summed in a metric math alarm. */
const groupedIn = (metricName: string) =>
  Object.values(synth.template.findResources('AWS::CloudWatch::Alarm')).flatMap((alarm) =>
    ((alarm.Properties.Metrics ?? []) as MetricQuery[])
      .filter((query) => query.MetricStat?.Metric.MetricName === metricName)
      .map((query) => query.MetricStat?.Metric.Dimensions[0]?.Value.Ref),
  );

describe('the dead-letter queue', () => {
  it('is encrypted at rest, keeps messages 14 days, and refuses requests not over TLS', () => {
    synth.template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 60 * 60,
    });
    synth.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: id('Scheduler', 'DeadLetters') }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 'sqs:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('may be written by the scheduler role, which delivers dead letters of the schedules', () => {
    const policies = Object.values(synth.template.findResources('AWS::IAM::Policy')).filter(
      (policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: id('Scheduler', 'InvokeRole') }]),
    );
    const statements = policies.flatMap((policy) => policy.Properties.PolicyDocument.Statement);
    expect(statements).toContainEqual(
      expect.objectContaining({ Action: expect.arrayContaining(['sqs:SendMessage']), Resource: queueArn() }),
    );
  });

  it('is named to every function that creates schedules', () => {
    const creators = Object.values(synth.template.findResources('AWS::Lambda::Function')).filter(
      (fn) => fn.Properties.Environment?.Variables?.SCHEDULE_GROUP,
    );
    expect(creators.length).toBeGreaterThan(0);
    for (const fn of creators) {
      expect(fn.Properties.Environment.Variables[JOB_DEAD_LETTER_ARN_VARIABLE]).toEqual(queueArn());
    }
  });
});

describe('job delivery', () => {
  it('gives every job function retries and the dead-letter queue as its on-failure destination', () => {
    const configs = synth.template.findResources('AWS::Lambda::EventInvokeConfig');
    const configured = Object.values(configs).map((config) => {
      expect(config.Properties.MaximumRetryAttempts).toBe(2);
      expect(config.Properties.MaximumEventAgeInSeconds).toBe(6 * 60 * 60);
      expect(config.Properties.DestinationConfig).toEqual({ OnFailure: { Destination: queueArn() } });
      return config.Properties.FunctionName.Ref;
    });
    expect(configured.sort()).toEqual(jobs.map((job) => id('Api', job.operation)).sort());
  });

  it('lets the refund job create the schedules of its own retries, each try a schedule of its own', () => {
    const refundJob = synth.template.toJSON().Resources[id('Api', 'refundSession')];
    expect(refundJob.Properties.Environment.Variables).toMatchObject({
      [JOB_DEAD_LETTER_ARN_VARIABLE]: queueArn(),
      JOB_REFUND_SESSION_ARN: expect.anything(),
    });
  });

  it("feeds session writes from the table's stream to startSessionWork, retried, then dead-lettered", () => {
    synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: id('Api', 'startSessionWork') },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      DestinationConfig: { OnFailure: { Destination: queueArn() } },
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(SESSION_RECORDS_PATTERN) }] },
    });
  });

  it('gives the daily reconciliation schedule a retry policy and the dead-letter queue', () => {
    synth.template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(30 2 * * ? *)',
      Target: {
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 6 * 60 * 60 },
        DeadLetterConfig: { Arn: queueArn() },
      },
    });
  });
});

describe('the alarm topic', () => {
  it('is encrypted with a rotated key CloudWatch may use, refuses requests not over TLS, and mails alarmEmail', () => {
    const keyId = id('Observability', 'AlarmTopicKey');
    synth.template.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: { 'Fn::GetAtt': [keyId, 'Arn'] },
    });
    synth.template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
    synth.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    synth.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: ALARM_EMAIL,
      TopicArn: { Ref: id('Observability', 'AlarmTopic') },
    });
  });

  it('receives every alarm of the stack, the reconciliation mismatch included', () => {
    const alarms = Object.values(synth.template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: id('Observability', 'AlarmTopic') }]);
    }
    expect(alarmsOn('ReconciliationMismatches')).toHaveLength(1);
  });
});

describe('tracing', () => {
  it('is active on every function of ours (Lambda records each invocation with its init)', () => {
    const ours = [
      ...[...routes, ...jobs].map(({ operation }) => id('Api', operation)),
      id('CustomMessage'),
      id('DirectorySnapshot', directoryRebuildEntry.operation),
      id('OriginSecretRotation', originSecretRotationEntry.operation),
      id('DeadLetters', deadLetterKeeperEntry.operation),
    ];
    const resources = synth.template.toJSON().Resources;
    for (const logicalId of ours) {
      expect({ logicalId, tracing: resources[logicalId].Properties.TracingConfig }).toEqual({
        logicalId,
        tracing: { Mode: 'Active' },
      });
    }
    // Nothing of ours is left out of the list above: every function built by OperationFunction is in it.
    const bundled = functionIds().filter(
      (logicalId) => resources[logicalId].Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME,
    );
    expect(bundled.sort()).toEqual([...ours].sort());
  });
});

describe('the alarms', () => {
  it('watch every function for errors and throttles', () => {
    const ours = operationFunctionIds();
    const operations = [...routes, ...jobs].map(({ operation }) => id('Api', operation));
    const rebuild = id('DirectorySnapshot', directoryRebuildEntry.operation);
    const rotation = id('OriginSecretRotation', originSecretRotationEntry.operation);
    const keeper = id('DeadLetters', deadLetterKeeperEntry.operation);
    expect([...ours].sort()).toEqual([id('CustomMessage'), rebuild, rotation, keeper, ...operations].sort());
    // The webhook's errors alone, every other function's errors and throttles in groups of ten per
    // alarm (metric math's limit): every function in exactly one alarm of each.
    const webhook = id('Api', 'stripeWebhook');
    expect(dimensionRefs(alarmsOn('Errors'))).toEqual([webhook]);
    expect(groupedIn('Errors').sort()).toEqual(ours.filter((logicalId) => logicalId !== webhook).sort());
    expect(groupedIn('Throttles').sort()).toEqual([...ours].sort());
  });

  it('name the Stripe webhook failures', () => {
    const [webhook] = alarmsOn('Errors').filter(
      (alarm) => alarm.Properties.Dimensions[0].Value.Ref === id('Api', 'stripeWebhook'),
    );
    expect(webhook?.Properties.AlarmDescription).toMatch(/Stripe webhook failed/);
    expect(webhook?.Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
  });

  it.each([
    ['the webhook answering 5xx, which its errors alarm cannot see', 'WebhookFailures', /Stripe webhook answered 5xx/],
    ['RefundsFailing: the first refund that failed for good', 'RefundsFailed', /^RefundsFailing:/],
  ])('count %s', (_, metricName, description) => {
    const [alarm] = alarmsOn(metricName);
    expect(alarm?.Properties).toMatchObject({
      Namespace: 'PhysicianMentors',
      Dimensions: [
        { Name: 'Stage', Value: 'prod' },
        { Name: 'service', Value: 'physician-mentors' },
      ],
      Statistic: 'Sum',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    expect(alarm?.Properties.AlarmDescription).toMatch(description);
  });

  it('watch the API for 5xx answers', () => {
    const [serverErrors] = alarmsOn('5xx');
    expect(serverErrors?.Properties).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      Dimensions: [{ Name: 'ApiId', Value: { Ref: id('Api', 'HttpApi') } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it('fire as soon as one message waits in the dead-letter queue', () => {
    const [depth] = alarmsOn('ApproximateNumberOfMessagesVisible');
    expect(depth?.Properties).toMatchObject({
      Namespace: 'AWS/SQS',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [id('Scheduler', 'DeadLetters'), 'QueueName'] } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it('watch the table for throttled requests of every operation the functions make', () => {
    const [throttles] = Object.values(synth.template.findResources('AWS::CloudWatch::Alarm')).filter((alarm) =>
      JSON.stringify(alarm.Properties.Metrics ?? []).includes('ThrottledRequests'),
    );
    expect(throttles?.Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    const metrics = throttles?.Properties.Metrics.filter((query: { MetricStat?: unknown }) => query.MetricStat);
    const operations = metrics.map(
      (query: { MetricStat: { Metric: { Namespace: string; Dimensions: { Name: string; Value: unknown }[] } } }) => {
        expect(query.MetricStat.Metric.Namespace).toBe('AWS/DynamoDB');
        expect(query.MetricStat.Metric.Dimensions).toContainEqual({
          Name: 'TableName',
          Value: { Ref: id('Data', 'Table') },
        });
        return query.MetricStat.Metric.Dimensions.find((dimension) => dimension.Name === 'Operation')?.Value;
      },
    );
    expect(operations.sort()).toEqual(
      ['BatchGetItem', 'DeleteItem', 'GetItem', 'PutItem', 'Query', 'TransactWriteItems', 'UpdateItem'].sort(),
    );
  });

  it("watch each dependency's timed calls, averaged over all its operations, against its slow threshold", () => {
    const latencyAlarms = Object.values(synth.template.findResources('AWS::CloudWatch::Alarm')).filter((alarm) =>
      JSON.stringify(alarm.Properties.Metrics ?? []).includes(DEPENDENCY_LATENCY),
    );
    const watched = latencyAlarms.map((alarm) => {
      const [query] = alarm.Properties.Metrics;
      expect(query.Expression).toMatch(
        /^SELECT AVG\(DependencyLatency\) FROM SCHEMA\(PhysicianMentors, service, Stage, dependency, operation\) WHERE Stage = 'prod' AND dependency = '\w+'$/,
      );
      expect(alarm.Properties).toMatchObject({ ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 3 });
      return [query.Expression.match(/dependency = '(\w+)'/)[1], alarm.Properties.Threshold];
    });
    expect(Object.fromEntries(watched)).toEqual(SLOW_CALL_MS);
  });
});

describe('the dashboard', () => {
  it('is one per stage and shows the API, the functions, the dead-letter queue and the table', () => {
    const dashboards = Object.values(synth.template.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]?.Properties.DashboardName).toBe('PhysicianMentors-prod');
    const body = JSON.stringify(dashboards[0]?.Properties.DashboardBody);
    for (const namespace of ['AWS/ApiGateway', 'AWS/Lambda', 'AWS/SQS', 'AWS/DynamoDB', 'PhysicianMentors']) {
      expect(body).toContain(namespace);
    }
    for (const metric of ['Bookings', 'PaymentsSettled', 'Refunds', 'WebhookFailures', 'JobFailures']) {
      expect(body).toContain(metric);
    }
  });

  it("shows every dependency's calls and p99 latency by dependency and operation, whichever calls exist", () => {
    const [dashboard] = Object.values(synth.template.findResources('AWS::CloudWatch::Dashboard'));
    const parts: unknown[] = dashboard?.Properties.DashboardBody['Fn::Join'][1];
    const body = JSON.parse(parts.map((part) => (typeof part === 'string' ? part : 'ref')).join('')) as {
      widgets: { properties: { metrics?: unknown[][] } }[];
    };
    const expressions = body.widgets.flatMap((widget) =>
      (widget.properties.metrics ?? []).flatMap((metric) =>
        metric.flatMap((part) => (part as { expression?: string }).expression ?? []),
      ),
    );
    const search = (statistic: string) =>
      `SEARCH('{PhysicianMentors,service,Stage,dependency,operation} MetricName="DependencyLatency" Stage="prod"', '${statistic}', 300)`;
    expect(expressions).toEqual(expect.arrayContaining([search('p99'), search('SampleCount')]));
  });
});

it('leaves nothing for cdk-nag to object to', () => {
  expect(synth.validationErrors('AwsSolutions')).toEqual([]);
});
