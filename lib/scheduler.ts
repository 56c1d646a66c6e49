import { type RemovalPolicy, Stack } from 'aws-cdk-lib';
import { type IGrantable, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Construct, type IConstruct } from 'constructs';
import { acknowledgeWildcardResource } from './nag';

/**
 * Where the API puts its one-off schedules (expire a pending payment, complete a session),
 * and the role those schedules run as.
 */
export class JobScheduler extends Construct {
  readonly group: ScheduleGroup;
  /** Assumed by EventBridge Scheduler to invoke the job functions, and nothing else. */
  readonly role: Role;

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
  }

  allowInvoking(jobFunctions: readonly IFunction[]): void {
    this.role.addToPolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: jobFunctions.map((fn) => fn.functionArn),
      }),
    );
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
