import { Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Key } from 'aws-cdk-lib/aws-kms';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { JobScheduler } from './scheduler';

/**
 * The key the mentors' calendar tokens are encrypted with (functions/adapters/token-cipher.ts).
 * Its policy leaves use to IAM, where only the functions granted `tokens:use` in the route table
 * get kms:Encrypt and kms:Decrypt on it (lib/api.ts); it rotates yearly.
 */
export class TokenKey extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string, props: { removalPolicy: RemovalPolicy }) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: "Encrypts mentors' third-party calendar tokens kept in the table",
      enableKeyRotation: true,
      rotationPeriod: Duration.days(365),
      removalPolicy: props.removalPolicy,
      pendingWindow: Duration.days(30),
    });
  }
}

/** Every minute, the job that reads connected mentors' busy times again for the slots. */
export class CalendarBusyRefresh extends Construct {
  constructor(scope: Construct, id: string, props: { scheduler: JobScheduler; refreshFunction: IFunction }) {
    super(scope, id);
    new CfnSchedule(this, 'Schedule', {
      name: `${Stack.of(this).stackName}-refresh-calendar-busy`,
      groupName: props.scheduler.group.scheduleGroupName,
      description: "Reads mentors' calendar busy times again, so slots reflect them within a minute.",
      scheduleExpression: 'rate(1 minute)',
      state: 'ENABLED',
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: props.refreshFunction.functionArn,
        roleArn: props.scheduler.role.roleArn,
        input: '{}',
        ...props.scheduler.targetDelivery,
      },
    });
  }
}
