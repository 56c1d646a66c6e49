import { Stack } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { JobScheduler } from './scheduler';

/** The public NPPES NPI Registry; `-c npiRegistryUrl=…` points the checks elsewhere. */
export const DEFAULT_NPI_REGISTRY_URL = 'https://npiregistry.cms.hhs.gov';

/**
 * Keeps the "NPI verified" badges true: on the first of every month the re-check job starts a
 * registry check of every verified mentor (functions/jobs/recheck-verified-mentors.ts). A run
 * Scheduler cannot deliver, and each mentor's check that fails all its retries, land in the jobs'
 * dead-letter queue (lib/scheduler.ts).
 */
export class NpiRecheck extends Construct {
  constructor(scope: Construct, id: string, props: { scheduler: JobScheduler; recheckFunction: IFunction }) {
    super(scope, id);
    new CfnSchedule(this, 'MonthlyRecheck', {
      name: `${Stack.of(this).stackName}-recheck-verified-mentors`,
      groupName: props.scheduler.group.scheduleGroupName,
      description: "Checks every verified mentor's NPI against the NPPES NPI Registry again.",
      scheduleExpression: 'cron(0 6 1 * ? *)',
      scheduleExpressionTimezone: 'UTC',
      state: 'ENABLED',
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: props.recheckFunction.functionArn,
        roleArn: props.scheduler.role.roleArn,
        input: '{}',
        ...props.scheduler.targetDelivery,
      },
    });
  }
}
