import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { CfnUserPoolGroup, type IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Bucket, IBucket } from 'aws-cdk-lib/aws-s3';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { FINANCE_GROUP } from '../functions/http/finance';
import { BUSINESS_METRICS, METRICS_NAMESPACE, metricDimensions } from '../functions/runtime/metrics';
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
  /** Tries the transfers owed to coaches again (functions/jobs/pay-owed-transfers.ts). */
  payOwedTransfersFunction: IFunction;
  /** Settles what is past its end, and counts what it cannot (functions/jobs/sweep-settlements.ts). */
  sweepSettlementsFunction: IFunction;
  stage: string;
}

/**
 * The finance team's part of the stack: the Cognito group whose members read the ledger, the
 * daily reconciliation with Stripe, the daily retry of transfers owed to coaches and the daily
 * settlement sweep, and the alarms on a mismatch, a failing transfer, a dispute of money already
 * paid out and money the sweep could not settle.
 */
export class Finance extends Construct {
  readonly alarms: readonly Alarm[];

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

    // 03:30 UTC, after the reconciliation: a coach who finished onboarding yesterday is paid today.
    new CfnSchedule(this, 'DailyOwedTransfers', {
      name: `${Stack.of(this).stackName}-pay-owed-transfers`,
      groupName: props.scheduler.group.scheduleGroupName,
      description: 'Tries every transfer the platform owes a coach again.',
      scheduleExpression: 'cron(30 3 * * ? *)',
      scheduleExpressionTimezone: 'UTC',
      state: 'ENABLED',
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: props.payOwedTransfersFunction.functionArn,
        roleArn: props.scheduler.role.roleArn,
        input: '{}',
        ...props.scheduler.targetDelivery,
      },
    });

    // 04:30 UTC, after the owed transfers' retry: what that retry paid is settled, not stuck.
    new CfnSchedule(this, 'DailySettlementSweep', {
      name: `${Stack.of(this).stackName}-sweep-settlements`,
      groupName: props.scheduler.group.scheduleGroupName,
      description:
        'Settles every session past its end that is not (expired, completed, its coach paid) and counts what it cannot.',
      scheduleExpression: 'cron(30 4 * * ? *)',
      scheduleExpressionTimezone: 'UTC',
      state: 'ENABLED',
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: props.sweepSettlementsFunction.functionArn,
        roleArn: props.scheduler.role.roleArn,
        input: '{}',
        ...props.scheduler.targetDelivery,
      },
    });

    /** Raised when the stage's count of `metricName` is above 0 in a period. */
    const alarmOnCount = (
      id: string,
      alarm: { alarmName?: string; alarmDescription: string; metricName: string; period: Duration; statistic: string },
    ) =>
      new Alarm(this, id, {
        alarmName: alarm.alarmName,
        alarmDescription: alarm.alarmDescription,
        metric: new Metric({
          namespace: METRICS_NAMESPACE,
          metricName: alarm.metricName,
          dimensionsMap: metricDimensions(props.stage),
          statistic: alarm.statistic,
          period: alarm.period,
        }),
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    const transfersFailing = alarmOnCount('TransfersFailingAlarm', {
      alarmName: `${Stack.of(this).stackName}-TransfersFailing`,
      alarmDescription:
        "A transfer of a coach's share failed: it is retried, owed (see /finance) and, after the retries, in the jobs' dead-letter queue.",
      metricName: BUSINESS_METRICS.transferFailures,
      period: Duration.minutes(5),
      statistic: 'Sum',
    });
    const disputeAfterTransfer = alarmOnCount('DisputeAfterTransferAlarm', {
      alarmDescription:
        'A dispute was opened on a charge whose coach had already been paid: respond to it in Stripe; the platform carries the amount if it is lost.',
      metricName: BUSINESS_METRICS.disputesAfterTransfer,
      period: Duration.minutes(5),
      statistic: 'Sum',
    });
    const unmatchedCharges = alarmOnCount('UnmatchedChargesAlarm', {
      alarmDescription:
        'A refund or dispute of a charge with no payment in the ledger was given up on after an hour (refunded or disputed in the Stripe Dashboard, or not a charge of the product): look it up in Stripe; a dispute and its fee are on the finance page.',
      metricName: BUSINESS_METRICS.unmatchedCharges,
      period: Duration.minutes(5),
      statistic: 'Sum',
    });
    const mismatch = alarmOnCount('ReconciliationMismatchAlarm', {
      alarmDescription: "The ledger and Stripe's balance transactions disagree; see the finance page.",
      metricName: BUSINESS_METRICS.reconciliationMismatches,
      period: Duration.days(1),
      statistic: 'Maximum',
    });
    const settlementsStuck = alarmOnCount('SettlementsStuckAlarm', {
      alarmName: `${Stack.of(this).stackName}-SettlementsStuck`,
      alarmDescription:
        "The daily settlement sweep found money it could not settle (a session past its outcome window with neither a transfer nor a refund nor a dispute, one never completed, or a transfer owed over 7 days): each is in the sweepSettlements function's log as 'settlement stuck' with its reason.",
      metricName: BUSINESS_METRICS.settlementsStuck,
      period: Duration.days(1),
      statistic: 'Maximum',
    });
    this.alarms = [mismatch, transfersFailing, disputeAfterTransfer, settlementsStuck, unmatchedCharges];
  }
}
