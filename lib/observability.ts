import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  SearchExpression,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { type ITableV2, Operation } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  BUSINESS_METRICS,
  type BusinessMetric,
  DEPENDENCY_LATENCY,
  METRICS_NAMESPACE,
  metricDimensions,
  SLOW_CALL_MS,
} from '../functions/runtime/metrics';

/** The operation whose failures mean a Stripe event was not applied (Stripe retries it for days). */
const WEBHOOK_OPERATION = 'stripeWebhook';
const FIVE_MINUTES = Duration.minutes(5);
/** A dependency is slow when its calls' average stays over its SLOW_CALL_MS this many periods in a row. */
const SLOW_DEPENDENCY_PERIODS = 3;
/** An alarm's metric math takes at most ten metrics. */
const METRICS_PER_ALARM = 10;
/**
 * The requests the functions make (functions/data/); DynamoDB reports ThrottledRequests per
 * operation, and one alarm takes at most METRICS_PER_ALARM of them.
 */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

export interface ObservabilityProps {
  stage: string;
  /** Every function of the stack, by operation name. */
  functions: ReadonlyMap<string, IFunction>;
  httpApi: IHttpApi;
  table: ITableV2;
  deadLetterQueue: IQueue;
  /** Alarms raised elsewhere (lib/finance.ts) that go to the same operators. */
  otherAlarms: readonly Alarm[];
  /** Told of every alarm: an address subscribed to the stage's topic, or a topic of its own (required in prod). */
  alarmDestination?: AlarmDestination;
  removalPolicy: RemovalPolicy;
}

/** `-c alarmEmail=…` (confirmed by the mail SNS sends) or `-c alarmTopicArn=…` (an existing topic, e.g. paging). */
export type AlarmDestination = { email: string } | { topicArn: string };

/**
 * What tells the operators that the live service is failing: one SNS topic every alarm publishes
 * to, alarms on the functions, the API, the dead-letter queue, the table and each dependency's
 * latency, and the stage's dashboard.
 */
export class Observability extends Construct {
  readonly alarmTopic: Topic;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);
    // CloudWatch cannot publish to a topic under the AWS managed SNS key; it needs a key that lets it.
    const key = new Key(this, 'AlarmTopicKey', {
      description: 'Encrypts the alarm topic; CloudWatch alarms may publish through it.',
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.alarmTopic = new Topic(this, 'AlarmTopic', {
      displayName: `Physician Mentors alarms (${props.stage})`,
      masterKey: key,
      enforceSSL: true,
    });
    const destination = props.alarmDestination;
    if (destination && 'email' in destination)
      this.alarmTopic.addSubscription(new EmailSubscription(destination.email));
    const notify = [new SnsAction(this.alarmTopic)];
    if (destination && 'topicArn' in destination) {
      notify.push(new SnsAction(Topic.fromTopicArn(this, 'OperatorsTopic', destination.topicArn)));
    }

    const alarm = (alarmId: string, description: string, metric: IMetric) =>
      new Alarm(this, alarmId, {
        alarmDescription: description,
        metric,
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    const alarms: Alarm[] = [...props.otherAlarms];

    // A function's errors and throttles are watched ten functions to an alarm (metric math's limit)
    // rather than an alarm each: the stack, with a function per operation and job, must stay under
    // CloudFormation's 500 resources. The alarm names its functions; the dashboard shows which one.
    const groupAlarms = (
      alarmId: string,
      watched: readonly (readonly [string, IFunction])[],
      metricOf: (fn: IFunction) => IMetric,
      describe: (operations: string) => string,
    ) => {
      for (let first = 0; first < watched.length; first += METRICS_PER_ALARM) {
        const group = watched.slice(first, first + METRICS_PER_ALARM);
        const usingMetrics = Object.fromEntries(group.map(([, fn], index) => [`m${index}`, metricOf(fn)]));
        alarms.push(
          alarm(
            `${alarmId}${first / METRICS_PER_ALARM + 1}`,
            describe(group.map(([operation]) => operation).join(', ')),
            new MathExpression({ expression: 'SUM(METRICS())', usingMetrics, period: FIVE_MINUTES }),
          ),
        );
      }
    };
    const errorsOf = (fn: IFunction) => fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' });
    const operations = [...props.functions];
    const webhook = props.functions.get(WEBHOOK_OPERATION);
    // Money waits on the webhook: its failures have an alarm of their own.
    if (webhook) {
      alarms.push(
        alarm(
          'WebhookFailuresAlarm',
          'The Stripe webhook failed: an event was not applied; Stripe redelivers it, check its logs.',
          errorsOf(webhook),
        ),
      );
    }
    groupAlarms(
      'ErrorsAlarm',
      operations.filter(([operation]) => operation !== WEBHOOK_OPERATION),
      errorsOf,
      (names) =>
        `A function failed (errors in 5 minutes): one of ${names}; the dashboard's Function errors shows which.`,
    );
    // Throttling means the account's concurrency is exhausted, whichever function meets it first.
    groupAlarms(
      'ThrottlesAlarm',
      operations,
      (fn) => fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
      (names) => `A function was throttled, the account's concurrency exhausted: one of ${names}.`,
    );
    // The functions' own counts (functions/runtime/metrics.ts), in EMF: one metric per stage.
    const business = (name: BusinessMetric) =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: name,
        dimensionsMap: metricDimensions(props.stage),
        period: FIVE_MINUTES,
        statistic: 'Sum',
      });
    const webhookFailures = business(BUSINESS_METRICS.webhookFailures);
    const serverErrors = props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' });
    const deadLetters = props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
      period: FIVE_MINUTES,
      statistic: 'Maximum',
    });
    const tableThrottles = props.table.metricThrottledRequestsForOperations({
      operations: TABLE_OPERATIONS,
      period: FIVE_MINUTES,
    });
    // The functions time every dependency call (functions/runtime/dependency-latency.ts) by dependency
    // and operation; a Metrics Insights query folds a dependency's operations into one series.
    const dependencyLatency = `SCHEMA(${METRICS_NAMESPACE}, ${Object.keys(metricDimensions(props.stage)).join(', ')}, dependency, operation)`;
    for (const [dependency, slowMs] of Object.entries(SLOW_CALL_MS)) {
      alarms.push(
        new Alarm(this, `${dependency}LatencyAlarm`, {
          alarmDescription: `${dependency} calls averaged over ${slowMs} ms for ${SLOW_DEPENDENCY_PERIODS * 5} minutes (DependencyLatency; the slow calls are logged as 'slow dependency call').`,
          metric: new MathExpression({
            expression: `SELECT AVG(${DEPENDENCY_LATENCY}) FROM ${dependencyLatency} WHERE Stage = '${props.stage}' AND dependency = '${dependency}'`,
            period: FIVE_MINUTES,
          }),
          threshold: slowMs,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: SLOW_DEPENDENCY_PERIODS,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }
    const dependencyWidget = (title: string, statistic: string) =>
      new GraphWidget({
        title,
        width: 12,
        left: [
          new SearchExpression({
            expression: `SEARCH('{${METRICS_NAMESPACE},${Object.keys(metricDimensions(props.stage)).join(',')},dependency,operation} MetricName="${DEPENDENCY_LATENCY}" Stage="${props.stage}"', '${statistic}', 300)`,
            label: '',
          }),
        ],
      });

    alarms.push(
      // The webhook's errors alarm above sees only a crash or timeout: a failure it answers as 5xx is this count.
      alarm(
        'WebhookFailureAnswersAlarm',
        'The Stripe webhook answered 5xx: an event was not applied; Stripe redelivers it, check its logs.',
        webhookFailures,
      ),
      alarm('Api5xxAlarm', 'The HTTP API answered 5xx.', serverErrors),
      alarm('DeadLettersAlarm', 'A job was given up on and waits in the dead-letter queue.', deadLetters),
      alarm(
        'RefundsFailingAlarm',
        'RefundsFailing: a refund failed for good (every try refused, or the bank returned it) and the mentee was not repaid; see the ledger and the dead-letter queue.',
        business(BUSINESS_METRICS.refundsFailed),
      ),
      alarm('TableThrottlesAlarm', 'DynamoDB throttled requests to the table.', tableThrottles),
    );
    for (const each of alarms) each.addAlarmAction(...notify);

    const functions = [...props.functions.values()];
    new Dashboard(this, 'Dashboard', {
      dashboardName: Stack.of(this).stackName,
      widgets: [
        [
          new GraphWidget({
            title: 'API requests and errors',
            left: [
              props.httpApi.metricCount({ period: FIVE_MINUTES }),
              props.httpApi.metricClientError({ period: FIVE_MINUTES, statistic: 'Sum' }),
              serverErrors,
            ],
          }),
          new GraphWidget({ title: 'API latency (p90)', left: [props.httpApi.metricLatency({ statistic: 'p90' })] }),
        ],
        [
          new GraphWidget({
            title: 'Function errors',
            left: functions.map((fn) => fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' })),
          }),
          new GraphWidget({
            title: 'Function throttles',
            left: functions.map((fn) => fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' })),
          }),
        ],
        [
          new GraphWidget({
            title: 'Bookings, payments and refunds',
            left: [
              BUSINESS_METRICS.bookings,
              BUSINESS_METRICS.paymentsSettled,
              BUSINESS_METRICS.refunds,
              BUSINESS_METRICS.refundsFailed,
            ].map(business),
          }),
          new GraphWidget({
            title: 'Webhook and job failures',
            left: [webhookFailures, business(BUSINESS_METRICS.jobFailures)],
          }),
        ],
        [
          dependencyWidget('Dependency latency p99 (ms), by dependency and operation', 'p99'),
          dependencyWidget('Dependency calls, by dependency and operation', 'SampleCount'),
        ],
        [
          new GraphWidget({ title: 'Dead-letter queue depth', left: [deadLetters] }),
          new GraphWidget({
            title: 'Table capacity and throttles',
            left: [
              props.table.metricConsumedReadCapacityUnits({ period: FIVE_MINUTES }),
              props.table.metricConsumedWriteCapacityUnits({ period: FIVE_MINUTES }),
            ],
            right: [tableThrottles],
          }),
        ],
      ],
    });
  }
}
