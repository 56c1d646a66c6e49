import type { CreateScheduleCommandInput } from '@aws-sdk/client-scheduler';
import { awsClientSettings } from '../runtime/dependency-budget';
import { timed } from '../runtime/dependency-latency';
import { SCHEDULE_RETRY } from './job-delivery';
import { onFirstUse } from './on-first-use';
import type { JobName, JobScheduler } from '../domain/ports';

/** Schedule names allow 64 characters of [0-9a-zA-Z-_.]; session ids are UUIDs. */
export const scheduleName = (job: JobName, sessionId: string, tryNumber?: number) =>
  tryNumber === undefined ? `${job}-${sessionId}` : `${job}-${sessionId}-${tryNumber}`;

/** What a job's schedule (or start) hands it. */
export const jobPayload = (sessionId: string, tryNumber?: number) =>
  tryNumber === undefined ? { sessionId } : { sessionId, try: tryNumber };

/** `at(...)` takes the time without a zone and reads it in ScheduleExpressionTimezone (UTC here). */
const atExpression = (at: Date) => `at(${at.toISOString().slice(0, 19)})`;

/** What every schedule of this deployment shares (from the function's environment, see lib/api.ts). */
export interface ScheduleTargets {
  groupName: string;
  roleArn: string;
  deadLetterArn: string;
  jobArn(job: JobName): string;
}

/**
 * A one-off schedule that invokes the job once with the session id and then deletes itself;
 * an invocation Scheduler cannot deliver is retried, then kept in the dead-letter queue.
 */
export function createScheduleInput(
  targets: ScheduleTargets,
  job: JobName,
  sessionId: string,
  at: Date,
  tryNumber?: number,
): CreateScheduleCommandInput {
  return {
    Name: scheduleName(job, sessionId, tryNumber),
    GroupName: targets.groupName,
    ScheduleExpression: atExpression(at),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: {
      Arn: targets.jobArn(job),
      RoleArn: targets.roleArn,
      Input: JSON.stringify(jobPayload(sessionId, tryNumber)),
      RetryPolicy: {
        MaximumRetryAttempts: SCHEDULE_RETRY.maximumRetryAttempts,
        MaximumEventAgeInSeconds: SCHEDULE_RETRY.maximumEventAgeSeconds,
      },
      DeadLetterConfig: { Arn: targets.deadLetterArn },
    },
  };
}

/** EventBridge Scheduler: each job is a schedule that invokes its function once and then deletes itself. */
export function eventBridgeScheduler(targets: ScheduleTargets): JobScheduler {
  // The SDK loads with the first schedule change, so a request that changes none never loads it.
  const sdk = onFirstUse(async () => {
    const scheduler = await import('@aws-sdk/client-scheduler');
    return { ...scheduler, client: timed(new scheduler.SchedulerClient(awsClientSettings())) };
  });
  return {
    async schedule(job, sessionId, at, tryNumber) {
      const { client, CreateScheduleCommand, ConflictException } = await sdk();
      try {
        await client.send(new CreateScheduleCommand(createScheduleInput(targets, job, sessionId, at, tryNumber)));
      } catch (error) {
        if (!(error instanceof ConflictException)) throw error;
      }
    },
    async unschedule(job, sessionId) {
      const { client, DeleteScheduleCommand, ResourceNotFoundException } = await sdk();
      try {
        await client.send(
          new DeleteScheduleCommand({ Name: scheduleName(job, sessionId), GroupName: targets.groupName }),
        );
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    },
  };
}
