import {
  ActionAfterCompletion,
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { jobArnVariable } from '../routes';
import { awsClientSettings } from './dependency-budget';
import { injectedAdapters } from './injected';

/** The one-off jobs (functions/jobs/), by their route-table operation name. */
export type JobName =
  | 'expirePendingPayment'
  | 'completeSession'
  | 'finishBooking'
  | 'remindDayBefore'
  | 'remindHourBefore';

/** One-off jobs that run once at a given time with a session id. */
export interface JobScheduler {
  /** Scheduling the same job for the same session again is a no-op. */
  schedule(job: JobName, sessionId: string, at: Date): Promise<void>;
  /** Drops a schedule that has not run; a no-op when there is none. */
  unschedule(job: JobName, sessionId: string): Promise<void>;
}

/** Schedule names allow 64 characters of [0-9a-zA-Z-_.]; session ids are UUIDs. */
export const scheduleName = (job: JobName, sessionId: string) => `${job}-${sessionId}`;

/** `at(...)` takes the time without a zone and reads it in ScheduleExpressionTimezone (UTC here). */
const atExpression = (at: Date) => `at(${at.toISOString().slice(0, 19)})`;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** EventBridge Scheduler: each job is a schedule that invokes its function once and then deletes itself. */
export function eventBridgeScheduler(client = new SchedulerClient(awsClientSettings())): JobScheduler {
  const groupName = required('SCHEDULE_GROUP');
  const roleArn = required('SCHEDULER_ROLE_ARN');
  return {
    async schedule(job, sessionId, at) {
      try {
        await client.send(
          new CreateScheduleCommand({
            Name: scheduleName(job, sessionId),
            GroupName: groupName,
            ScheduleExpression: atExpression(at),
            ScheduleExpressionTimezone: 'UTC',
            FlexibleTimeWindow: { Mode: 'OFF' },
            ActionAfterCompletion: ActionAfterCompletion.DELETE,
            Target: { Arn: required(jobArnVariable(job)), RoleArn: roleArn, Input: JSON.stringify({ sessionId }) },
          }),
        );
      } catch (error) {
        if (!(error instanceof ConflictException)) throw error;
      }
    },
    async unschedule(job, sessionId) {
      try {
        await client.send(new DeleteScheduleCommand({ Name: scheduleName(job, sessionId), GroupName: groupName }));
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    },
  };
}

let shared: JobScheduler | undefined;

/** EventBridge Scheduler, unless the host injected its own (the local stack's in-process timers). */
export function schedulerFromEnvironment(): JobScheduler {
  const injected = injectedAdapters().scheduler;
  if (injected) return injected;
  shared ??= eventBridgeScheduler();
  return shared;
}
