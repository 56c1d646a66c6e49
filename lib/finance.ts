import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { CfnUserPoolGroup, type IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Bucket, IBucket } from 'aws-cdk-lib/aws-s3';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { FINANCE_GROUP } from '../functions/http/finance';
import { BUSINESS_METRICS, METRICS_NAMESPACE, metricDimensions } from '../functions/http/metrics';
import type { JobScheduler } from './scheduler';
import { privateBucket } from './storage';

/** Seven years, what finance keeps payment records for unless context says otherwise. */
export const DEFAULT_PROD_ARCHIVE_RETENTION_DAYS = 7 * 365 + 2;
export const DEFAULT_DEV_ARCHIVE_RETENTION_DAYS = 30;

/** Every verified Stripe event body as received, for audit and replay (functions/adapters/webhook-archive.ts). */
export class WebhookArchive extends Construct {
  readonly bucket: Bucket;

  constructor(
    scope: Construct,
    id: string,
    props: { removalPolicy: RemovalPolicy; retentionDays: number; logBucket: IBucket },
  ) {
    super(scope, id);
    this.bucket = privateBucket(this, 'Bucket', {
      removalPolicy: props.removalPolicy,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 's3/webhook-archive/',
      // A rewritten or deleted object stays recoverable until the retention ends.
      versioned: true,
      lifecycleRules: [
        {
          expiration: Duration.days(props.retentionDays),
          noncurrentVersionExpiration: Duration.days(props.retentionDays),
        },
      ],
    });
  }
}

export interface FinanceProps {
  userPool: IUserPool;
  scheduler: JobScheduler;
  reconcileFunction: IFunction;
  stage: string;
}

/**
 * The finance team's part of the stack: the Cognito group whose members read the ledger, the
 * daily reconciliation with Stripe, and the alarm when it finds a mismatch.
 */
export class Finance extends Construct {
  readonly mismatchAlarm: Alarm;

  constructor(scope: Construct, id: string, props: FinanceProps) {
    super(scope, id);
    new CfnUserPoolGroup(this, 'FinanceGroup', {
      userPoolId: props.userPool.userPoolId,
      groupName: FINANCE_GROUP,
      description: 'Reads the ledger, its CSV export and the reconciliation with Stripe (/finance).',
    });

    // 02:30 UTC: the day before is closed, and Stripe has booked its balance transactions.
    new CfnSchedule(this, 'DailyReconciliation', {
      name: `${Stack.of(this).stackName}-reconcile-ledger`,
      groupName: props.scheduler.group.scheduleGroupName,
      description: "Compares yesterday's ledger with the platform's Stripe balance transactions.",
      scheduleExpression: 'cron(30 2 * * ? *)',
      scheduleExpressionTimezone: 'UTC',
      state: 'ENABLED',
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: props.reconcileFunction.functionArn,
        roleArn: props.scheduler.role.roleArn,
        input: '{}',
        ...props.scheduler.targetDelivery,
      },
    });

    this.mismatchAlarm = new Alarm(this, 'ReconciliationMismatchAlarm', {
      alarmDescription: "The ledger and Stripe's balance transactions disagree; see the finance page.",
      metric: new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: BUSINESS_METRICS.reconciliationMismatches,
        dimensionsMap: metricDimensions(props.stage),
        statistic: 'Maximum',
        period: Duration.days(1),
      }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
