import { Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct, type IConstruct } from 'constructs';
import { JOB_FUNCTION_RETRY_ATTEMPTS, SCHEDULE_RETRY } from '../functions/adapters/job-delivery';
import { acknowledgeWildcardResource } from './nag';

/**
 * Where the API puts its one-off schedules (expire a pending payment, complete a session),
 * the role those schedules run as, and the dead-letter queue of the jobs that never ran.
 */
export class JobScheduler extends Construct {
  readonly group: ScheduleGroup;
  /** Assumed by EventBridge Scheduler to invoke the job functions, and nothing else. */
  readonly role: Role;
  /**
   * Every job given up on: invocations Scheduler could not deliver, and invocations whose function
   * failed all of Lambda's retries. Kept 14 days (SQS's longest) for an operator to inspect and redrive.
   */
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: { removalPolicy: RemovalPolicy }) {
    super(scope, id);
    const stack = Stack.of(this);
    this.group = new ScheduleGroup(this, 'Group', {
      scheduleGroupName: `${stack.stackName}-jobs`,
      removalPolicy: props.removalPolicy,
    });
    this.role = new Role(this, 'InvokeRole', {
      // Only schedules of this account may use the role (confused-deputy guard).
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    });
    this.deadLetterQueue = new Queue(this, 'DeadLetters', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "This queue is the dead-letter queue of the job schedules and functions; a DLQ's DLQ would never be read.",
    });
    this.deadLetterQueue.grantSendMessages(this.role);
  }

  /** The schedules may invoke the job functions; a job that fails all its retries lands in the dead-letter queue. */
  allowInvoking(jobFunctions: readonly IFunction[]): void {
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: jobFunctions.map((fn) => fn.functionArn),
      }),
    );
    for (const fn of jobFunctions) {
      fn.configureAsyncInvoke({
        retryAttempts: JOB_FUNCTION_RETRY_ATTEMPTS,
        maxEventAge: Duration.seconds(SCHEDULE_RETRY.maximumEventAgeSeconds),
        onFailure: new SqsDestination(this.deadLetterQueue),
      });
    }
  }

  /** The retry policy and dead-letter queue of every schedule's target (CloudFormation's words). */
  get targetDelivery() {
    return {
      retryPolicy: {
        maximumRetryAttempts: SCHEDULE_RETRY.maximumRetryAttempts,
        maximumEventAgeInSeconds: SCHEDULE_RETRY.maximumEventAgeSeconds,
      },
      deadLetterConfig: { arn: this.deadLetterQueue.queueArn },
    };
  }

  /** What an operation needs to create and delete schedules that run as {@link role}. */
  grantManageSchedules(grantee: IGrantable & IConstruct): void {
    const schedulesInGroup = Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.group.scheduleGroupName}/*`,
    });
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule'],
        resources: [schedulesInGroup],
      }),
    );
    acknowledgeWildcardResource(
      grantee,
      schedulesInGroup,
      "Schedule names are made per session at runtime; the grant stops at this stack's schedule group.",
    );
    this.role.grantPassRole(grantee.grantPrincipal);
  }
}
