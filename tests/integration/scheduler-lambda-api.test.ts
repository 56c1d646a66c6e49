import {
  InvokeCommand,
  LambdaClient,
  LambdaServiceException,
  ResourceNotFoundException as FunctionNotFoundException,
} from '@aws-sdk/client-lambda';
import {
  ConflictException,
  CreateScheduleCommand,
  type CreateScheduleCommandInput,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_AWS } from '../../bin/local/aws-local';
import { ASYNC_PAYLOAD_LIMIT_BYTES } from '../../bin/local/lambda-service';
import type { LoggedRequest } from '../../bin/local/request-log';
import { JOB_DEAD_LETTER_ARN_VARIABLE } from '../../functions/adapters/job-delivery';
import { createScheduleInput, type ScheduleTargets } from '../../functions/adapters/scheduler';
import { getSession } from '../../functions/data/sessions';
import { jobFunctionArn } from '../../functions/runtime/composition-root';
import { jobs } from '../../functions/runtime/ports/jobs';
import { scheduler } from '../../functions/runtime/ports/scheduler';
import { at, publishedCoach } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { bookAndPay, bookSession } from '../support/paid-sessions';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

/**
 * The product's own Scheduler and job-queue adapters over the wire: the AWS SDK, pointed at the
 * local Scheduler and Lambda by AWS_ENDPOINT_URL_SCHEDULER and AWS_ENDPOINT_URL_LAMBDA, creates and
 * deletes schedules and invokes the jobs asynchronously, and meets AWS's refusals as AWS's error classes.
 */

let stack: TestStack;
let coach: SignedInUser;
let mentee: SignedInUser;

const aws = { region: LOCAL_AWS.region, credentials: LOCAL_AWS.credentials, maxAttempts: 1 };
const targets = (): ScheduleTargets => ({
  groupName: process.env.SCHEDULE_GROUP as string,
  roleArn: process.env.SCHEDULER_ROLE_ARN as string,
  deadLetterArn: process.env[JOB_DEAD_LETTER_ARN_VARIABLE] as string,
  jobArn: jobFunctionArn,
});

const logged = async (provider: 'scheduler' | 'lambda'): Promise<LoggedRequest[]> =>
  (await (await fetch(`${stack.apiUrl}/_local/logs?provider=${provider}`)).json()).requests;
const calls = async (provider: 'scheduler' | 'lambda') =>
  (await logged(provider)).map(({ method, path, action, status }) => ({ method, path, action, status }));
const invocationPath = (job: Parameters<typeof jobFunctionArn>[0]) =>
  `/2015-03-31/functions/${encodeURIComponent(jobFunctionArn(job))}/invocations`;

beforeAll(async () => {
  stack = await startTestStack();
  [coach, mentee] = await Promise.all([
    publishedCoach(stack.config, { payments: true }),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
});

beforeEach(async () => {
  await stack.jobsSettled();
  for (const provider of ['scheduler', 'lambda']) {
    await fetch(`${stack.apiUrl}/_local/logs?provider=${provider}`, { method: 'DELETE' });
  }
});

afterAll(async () => {
  await stack?.dispose();
});

describe('a paid booking', () => {
  it('starts its follow-up job through Lambda and keeps its times in Scheduler, as the request log shows', async () => {
    const start = at(5, 9);
    const { session } = await bookAndPay(stack, { mentee, coach, start });

    expect(await calls('lambda')).toContainEqual({
      method: 'POST',
      path: invocationPath('finishBooking'),
      action: 'Invoke',
      status: 202,
    });
    const scheduled = await calls('scheduler');
    for (const [action, job] of [
      ['CreateSchedule', 'expirePendingPayment'],
      ['DeleteSchedule', 'expirePendingPayment'],
      ['CreateSchedule', 'completeSession'],
      ['CreateSchedule', 'remindDayBefore'],
      ['CreateSchedule', 'remindHourBefore'],
    ]) {
      expect(scheduled).toContainEqual({
        method: action === 'CreateSchedule' ? 'POST' : 'DELETE',
        path: `/schedules/${job}-${session.id}`,
        action,
        status: 200,
      });
    }
    const pending = stack.pendingSchedules().filter((schedule) => schedule.sessionId === session.id);
    expect(pending.map(({ job, at: time }) => [job, time]).sort()).toEqual(
      [
        ['completeSession', new Date(Date.parse(start) + 60 * 60_000).toISOString()],
        ['remindDayBefore', new Date(Date.parse(start) - 24 * 60 * 60_000).toISOString()],
        ['remindHourBefore', new Date(Date.parse(start) - 60 * 60_000).toISOString()],
      ].sort(),
    );
  });
});

describe('the local Scheduler', () => {
  it('runs a schedule at its time, then deletes it', { timeout: 30_000 }, async () => {
    const { session } = await bookSession(stack, { mentee, coach, start: at(6, 9) });
    await stack.jobsSettled();
    await scheduler().unschedule('expirePendingPayment', session.id);
    await scheduler().schedule('expirePendingPayment', session.id, new Date(Date.now() + 1_500));
    expect(stack.pendingSchedules()).toContainEqual(
      expect.objectContaining({ job: 'expirePendingPayment', sessionId: session.id }),
    );

    await expect.poll(async () => (await getSession(session.id))?.status, { timeout: 20_000 }).toBe('cancelled');
    await stack.jobsSettled();
    expect(stack.pendingSchedules().filter((schedule) => schedule.sessionId === session.id)).toEqual([]);
  });

  it('accepts a schedule whose time has passed, as Scheduler does, and runs it at once', async () => {
    const { session } = await bookSession(stack, { mentee, coach, start: at(6, 11) });
    await stack.jobsSettled();
    await scheduler().unschedule('expirePendingPayment', session.id);
    await scheduler().schedule('expirePendingPayment', session.id, new Date(Date.now() - 60_000));
    await stack.jobsSettled();

    expect((await getSession(session.id))?.status).toBe('cancelled');
    expect(await calls('scheduler')).toContainEqual({
      method: 'POST',
      path: `/schedules/expirePendingPayment-${session.id}`,
      action: 'CreateSchedule',
      status: 200,
    });
  });

  it('refuses what Scheduler refuses, with its error classes', async () => {
    const client = new SchedulerClient(aws);
    const input = () => createScheduleInput(targets(), 'remindDayBefore', 'refusals', new Date(Date.parse(at(9, 9))));

    for (const expression of ['at(2026-02-30T10:00:00)', 'at(2026-03-01 10:00:00)', 'at(2026-03-01T10:00:00Z)']) {
      await expect(
        client.send(new CreateScheduleCommand({ ...input(), ScheduleExpression: expression })),
      ).rejects.toBeInstanceOf(ValidationException);
    }
    const withoutRole = { ...input(), Target: { ...input().Target, RoleArn: undefined } };
    await expect(
      client.send(new CreateScheduleCommand(withoutRole as unknown as CreateScheduleCommandInput)),
    ).rejects.toBeInstanceOf(ValidationException);
    await expect(
      client.send(new CreateScheduleCommand({ ...input(), GroupName: 'no-such-group' })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);

    await client.send(new CreateScheduleCommand(input()));
    await expect(client.send(new CreateScheduleCommand(input()))).rejects.toBeInstanceOf(ConflictException);
    // The product's adapter takes the schedule it already made as made.
    await scheduler().schedule('remindDayBefore', 'refusals', new Date(Date.parse(at(9, 9))));
    await client.send(new DeleteScheduleCommand({ Name: input().Name, GroupName: targets().groupName }));
    await expect(
      client.send(new DeleteScheduleCommand({ Name: input().Name, GroupName: targets().groupName })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
    // And one that is gone as deleted.
    await scheduler().unschedule('remindDayBefore', 'refusals');

    const path = '/schedules/remindDayBefore-refusals';
    expect(await calls('scheduler')).toEqual([
      ...Array(3).fill({ method: 'POST', path, action: 'CreateSchedule', status: 400 }),
      { method: 'POST', path, action: 'CreateSchedule', status: 400 },
      { method: 'POST', path, action: 'CreateSchedule', status: 404 },
      { method: 'POST', path, action: 'CreateSchedule', status: 200 },
      { method: 'POST', path, action: 'CreateSchedule', status: 409 },
      { method: 'POST', path, action: 'CreateSchedule', status: 409 },
      { method: 'DELETE', path, action: 'DeleteSchedule', status: 200 },
      { method: 'DELETE', path, action: 'DeleteSchedule', status: 404 },
      { method: 'DELETE', path, action: 'DeleteSchedule', status: 404 },
    ]);
  });
});

describe('the local Lambda', () => {
  it('refuses a payload over the asynchronous limit and a function it does not have, with its error classes', async () => {
    const client = new LambdaClient(aws);
    const invoke = (FunctionName: string, Payload: string) =>
      client.send(new InvokeCommand({ FunctionName, InvocationType: 'Event', Payload }));
    const padded = (bytes: number) => {
      const payload = JSON.stringify({ sessionId: 'too-large', pad: '' });
      return JSON.stringify({ sessionId: 'too-large', pad: 'x'.repeat(bytes - payload.length) });
    };
    expect(padded(ASYNC_PAYLOAD_LIMIT_BYTES + 1)).toHaveLength(ASYNC_PAYLOAD_LIMIT_BYTES + 1);

    // Lambda answers `RequestEntityTooLargeException`, which the SDK models under another name
    // (RequestTooLargeException, aws/aws-sdk#45): it reaches the caller as the service's base class.
    const tooLarge = invoke(jobFunctionArn('remindDayBefore'), padded(ASYNC_PAYLOAD_LIMIT_BYTES + 1));
    await expect(tooLarge).rejects.toBeInstanceOf(LambdaServiceException);
    await expect(tooLarge).rejects.toMatchObject({
      name: 'RequestEntityTooLargeException',
      message: `${ASYNC_PAYLOAD_LIMIT_BYTES + 1} byte payload is too large for the Event invocation type (limit ${ASYNC_PAYLOAD_LIMIT_BYTES} bytes)`,
      $metadata: { httpStatusCode: 413 },
    });
    const unknown = jobFunctionArn('remindDayBefore').replace('remindDayBefore', 'noSuchJob');
    await expect(invoke(unknown, '{}')).rejects.toBeInstanceOf(FunctionNotFoundException);
    // The product's job queue, for a session nobody has: the job runs and finds nothing to do.
    await jobs().start('remindDayBefore', 'no-such-session');
    await stack.jobsSettled();

    expect(await calls('lambda')).toEqual([
      { method: 'POST', path: invocationPath('remindDayBefore'), action: 'Invoke', status: 413 },
      {
        method: 'POST',
        path: `/2015-03-31/functions/${encodeURIComponent(unknown)}/invocations`,
        action: 'Invoke',
        status: 404,
      },
      { method: 'POST', path: invocationPath('remindDayBefore'), action: 'Invoke', status: 202 },
    ]);
    expect((await stack.deadLetters()).filter((letter) => letter.subject === 'session:no-such-session')).toEqual([]);
  });
});
