import type { SchedulerClient } from '@aws-sdk/client-scheduler';
import { jobArnVariable } from '../routes';

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
export function eventBridgeScheduler(): JobScheduler {
  const groupName = required('SCHEDULE_GROUP');
  const roleArn = required('SCHEDULER_ROLE_ARN');
  // The SDK loads with the first schedule change, so a request that changes none never loads it.
  let client: SchedulerClient | undefined;
  const sdk = async () => {
    const scheduler = await import('@aws-sdk/client-scheduler');
    client ??= new scheduler.SchedulerClient({});
    return { client, ...scheduler };
  };
  return {
    async schedule(job, sessionId, at) {
      const { client, CreateScheduleCommand, ActionAfterCompletion, ConflictException } = await sdk();
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
      const { client, DeleteScheduleCommand, ResourceNotFoundException } = await sdk();
      try {
        await client.send(new DeleteScheduleCommand({ Name: scheduleName(job, sessionId), GroupName: groupName }));
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    },
  };
}

let shared: JobScheduler | undefined;

/** EventBridge Scheduler, unless the local stack put its in-process timers in its place. */
export function schedulerFromEnvironment(): JobScheduler {
  shared ??= eventBridgeScheduler();
  return shared;
}

/** For the local stack (bin/local/scheduler.ts), which runs the jobs from timers in its own process. */
export function replaceScheduler(scheduler: JobScheduler | undefined): void {
  shared = scheduler;
}
