import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CreateScheduleCommandInput } from '@aws-sdk/client-scheduler';
import { createScheduleInput, type ScheduleTargets } from '../../functions/adapters/scheduler';
import type { JobName } from '../../functions/domain/ports';
import { log } from '../../functions/runtime/log';
import { answerAwsError, LOCAL_AWS, readBody } from './aws-local';
import { signatureProblem } from './aws-request';
import { deadLetterSchedule } from './dead-letters';
import type { LocalLambda } from './lambda-service';
import type { ClockDriven } from './clock';
import { persistentTimers } from './persistent-timers';
import type { RequestLog } from './request-log';

/** Where the local API server serves EventBridge Scheduler's API (AWS_ENDPOINT_URL_SCHEDULER). */
export const SCHEDULER_PATH = '/_local/scheduler';

/** A one-time schedule as the local Scheduler keeps it. */
export interface LocalSchedule {
  name: string;
  group: string;
  /** When it runs: the time of its `at()` expression, the start of its flexible window. */
  at: string;
  /** The minutes after `at` AWS may run it within (FLEXIBLE); locally it runs at their start. */
  flexibleWindowMinutes?: number;
  target: { arn: string; roleArn: string; input?: string; deadLetterArn?: string };
}

/** A schedule that has not run yet, as tests read it: its job, the job's payload fields and its time. */
export interface PendingSchedule {
  name: string;
  job: string;
  sessionId?: string;
  try?: number;
  at: string;
}

export interface LocalScheduler extends ClockDriven {
  /** `POST` (CreateSchedule) and `DELETE` (DeleteSchedule) `/_local/scheduler/schedules/{Name}`. */
  serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** Arms the schedules kept at the last stop; those that fell due meanwhile run at once. */
  start(): Promise<void>;
  settled(): Promise<void>;
  busy(): string[];
  /** Makes every schedule of `job` due now, as if its time had come (tests of retries that wait minutes). */
  runPendingNow(job: JobName): void;
  /** The schedules that have not run yet (tests check what a change re-armed). */
  pending(): PendingSchedule[];
  stop(): Promise<void>;
}

type Refusal = { status: number; type: string; message: string };
const refused = (status: number, type: string, message: string): Refusal => ({ status, type, message });
const invalid = (message: string) => refused(400, 'ValidationException', message);
const missing = (member: string) =>
  invalid(
    `1 validation error detected: Value null at '${member}' failed to satisfy constraint: Member must not be null`,
  );

const NAME = /^[0-9a-zA-Z-_.]{1,64}$/;
const AT_EXPRESSION = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;
const ROLE_ARN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[0-9a-zA-Z+=,.@\-_/]+$/;

/** The time an `at(yyyy-mm-ddThh:mm:ss)` expression names, read in UTC, or null for anything else. */
function atTime(expression: string): Date | null {
  const parts = AT_EXPRESSION.exec(expression)?.slice(1).map(Number);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  const time = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls a 31st of April over into May: a date that does not exist is malformed.
  const exists =
    time.getUTCFullYear() === year &&
    time.getUTCMonth() === month - 1 &&
    time.getUTCDate() === day &&
    time.getUTCHours() === hour &&
    time.getUTCMinutes() === minute &&
    time.getUTCSeconds() === second;
  return exists ? time : null;
}

/**
 * CreateSchedule's input checked as Scheduler checks it, or its refusal. Scheduler accepts an `at()`
 * in the past (an AWS-validated LocalStack test creates `at(2022-12-31T23:59:59)` in 2025:
 * localstack/localstack tests/aws/services/scheduler/test_scheduler.py); the local one runs it at once.
 * What the product never asks for (recurring schedules, other targets, zones, states, keeping a
 * schedule after it ran) is refused rather than half served.
 */
function scheduleOf(
  name: string,
  input: CreateScheduleCommandInput,
  groups: ReadonlySet<string>,
): LocalSchedule | Refusal {
  if (!NAME.test(name)) return invalid(`Invalid name ${name}: 1 to 64 of [0-9a-zA-Z-_.]`);
  const { ScheduleExpression, FlexibleTimeWindow, Target } = input;
  if (ScheduleExpression === undefined) return missing('scheduleExpression');
  if (FlexibleTimeWindow?.Mode === undefined) return missing('flexibleTimeWindow');
  if (Target === undefined) return missing('target');
  if (Target.Arn === undefined) return missing('target.arn');
  if (Target.RoleArn === undefined) return missing('target.roleArn');
  if (!ROLE_ARN.test(Target.RoleArn)) return invalid(`Invalid RoleArn ${Target.RoleArn}.`);
  const group = input.GroupName ?? 'default';
  if (!groups.has(group)) return refused(404, 'ResourceNotFoundException', `Schedule group ${group} does not exist.`);
  const at = atTime(ScheduleExpression);
  if (!at) {
    return /^(rate|cron)\(/.test(ScheduleExpression)
      ? invalid(`The local Scheduler runs one-time schedules only, not ${ScheduleExpression}.`)
      : invalid(`Invalid Schedule Expression ${ScheduleExpression}.`);
  }
  const window = FlexibleTimeWindow.MaximumWindowInMinutes;
  if (FlexibleTimeWindow.Mode === 'FLEXIBLE' && (window === undefined || window < 1 || window > 1440))
    return invalid('MaximumWindowInMinutes must be between 1 and 1440 when Mode is FLEXIBLE.');
  if (FlexibleTimeWindow.Mode !== 'FLEXIBLE' && FlexibleTimeWindow.Mode !== 'OFF')
    return invalid(`Invalid FlexibleTimeWindow Mode ${FlexibleTimeWindow.Mode}.`);
  const retry = Target.RetryPolicy;
  if (retry?.MaximumRetryAttempts !== undefined && (retry.MaximumRetryAttempts < 0 || retry.MaximumRetryAttempts > 185))
    return invalid('MaximumRetryAttempts must be between 0 and 185.');
  if (
    retry?.MaximumEventAgeInSeconds !== undefined &&
    (retry.MaximumEventAgeInSeconds < 60 || retry.MaximumEventAgeInSeconds > 86_400)
  )
    return invalid('MaximumEventAgeInSeconds must be between 60 and 86400.');
  if (!Target.Arn.startsWith('arn:aws:lambda:'))
    return invalid(`The local Scheduler invokes Lambda functions only, not ${Target.Arn}.`);
  if ((input.ScheduleExpressionTimezone ?? 'UTC') !== 'UTC')
    return invalid('The local Scheduler reads at() in UTC only (ScheduleExpressionTimezone UTC).');
  if ((input.State ?? 'ENABLED') !== 'ENABLED' || input.ActionAfterCompletion !== 'DELETE')
    return invalid(
      'The local Scheduler keeps enabled schedules that delete themselves once run (ActionAfterCompletion DELETE).',
    );
  return {
    name,
    group,
    at: at.toISOString(),
    ...(FlexibleTimeWindow.Mode === 'FLEXIBLE' ? { flexibleWindowMinutes: window } : {}),
    target: {
      arn: Target.Arn,
      roleArn: Target.RoleArn,
      ...(Target.Input === undefined ? {} : { input: Target.Input }),
      ...(Target.DeadLetterConfig?.Arn === undefined ? {} : { deadLetterArn: Target.DeadLetterConfig.Arn }),
    },
  };
}

/** A job's JSON payload's fields (none for a payload that is not a JSON object). */
function payloadFields(payload = '{}'): Record<string, unknown> {
  try {
    const fields: unknown = JSON.parse(payload);
    return typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const scheduleArn = ({ group, name }: Pick<LocalSchedule, 'group' | 'name'>) =>
  `arn:aws:scheduler:${LOCAL_AWS.region}:${LOCAL_AWS.accountId}:schedule/${group}/${name}`;
const keyOf = ({ group, name }: Pick<LocalSchedule, 'group' | 'name'>) => `${group}/${name}`;

/** What an earlier version kept in the file (`{job, sessionId, at, try?}`), as the schedule the adapter now creates. */
function revive(stored: unknown, targets: ScheduleTargets): LocalSchedule {
  if ((stored as LocalSchedule).target) return stored as LocalSchedule;
  const {
    job,
    sessionId,
    at,
    try: tryNumber,
  } = stored as { job: JobName; sessionId: string; at: string; try?: number };
  const input = createScheduleInput(targets, job, sessionId, new Date(at), tryNumber);
  const schedule = scheduleOf(input.Name as string, input, new Set([targets.groupName]));
  if ('status' in schedule)
    throw new Error(`Cannot read the kept schedule ${JSON.stringify(stored)}: ${schedule.message}`);
  // Its time as kept, even where that is not a whole second.
  return { ...schedule, at };
}

/**
 * EventBridge Scheduler for the local stack, speaking its REST-JSON API: the product's adapter
 * (functions/adapters/scheduler.ts) creates and deletes one-time schedules through the SDK. The
 * schedules are kept in a file under the data folder, so a restart re-arms them and at once runs
 * those that fell due while the stack was down. At its time a schedule invokes its Lambda target
 * asynchronously (the local Lambda then runs, retries and dead-letters the job as Lambda does) and
 * deletes itself; a target Lambda does not have goes to the dead-letter queue at once, since
 * Scheduler's retries could not make it exist.
 */
export function localScheduler(options: {
  file: string;
  /** The schedule groups this account has (besides `default`). */
  groups: readonly string[];
  /** The stack's own targets: to read a file an earlier version kept. */
  targets: ScheduleTargets;
  lambda: LocalLambda;
  requestLog: RequestLog;
}): LocalScheduler {
  const groups = new Set(['default', ...options.groups]);
  const jobOf = (schedule: LocalSchedule) => options.lambda.functionOf(schedule.target.arn) ?? schedule.target.arn;

  const fire = async (schedule: LocalSchedule) => {
    const { arn, input = '{}' } = schedule.target;
    try {
      await options.lambda.invokeAsync(arn, input);
    } catch (error) {
      log('error', 'local schedule: its target could not be invoked; dead-lettered', { name: schedule.name, arn });
      if (!(await schedules.remove(keyOf(schedule), schedule))) return;
      await deadLetterSchedule(arn, input, error);
      return;
    }
    await schedules.remove(keyOf(schedule), schedule);
  };

  const schedules = persistentTimers<LocalSchedule>({
    file: options.file,
    label: 'schedule',
    keyOf,
    run: fire,
    revive: (stored) => revive(stored, options.targets),
  });

  async function createSchedule(res: ServerResponse, name: string, body: Buffer) {
    let input: CreateScheduleCommandInput;
    try {
      input = JSON.parse(body.toString('utf8') || '{}') as CreateScheduleCommandInput;
    } catch {
      return answerAwsError(res, 400, 'ValidationException', { Message: 'The request body is not valid JSON.' });
    }
    const schedule = scheduleOf(name, input, groups);
    if ('status' in schedule) return answerAwsError(res, schedule.status, schedule.type, { Message: schedule.message });
    if (schedules.get(keyOf(schedule)))
      return answerAwsError(res, 409, 'ConflictException', { Message: `Schedule ${name} already exists.` });
    await schedules.put(schedule);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ScheduleArn: scheduleArn(schedule) }));
  }

  async function deleteSchedule(res: ServerResponse, name: string, url: URL) {
    const group = url.searchParams.get('groupName') ?? 'default';
    if (!groups.has(group))
      return answerAwsError(res, 404, 'ResourceNotFoundException', {
        Message: `Schedule group ${group} does not exist.`,
      });
    if (!(await schedules.remove(keyOf({ group, name }))))
      return answerAwsError(res, 404, 'ResourceNotFoundException', { Message: `Schedule ${name} does not exist.` });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  }

  return {
    async serve(req, res, url) {
      const path = url.pathname.slice(SCHEDULER_PATH.length);
      const named = /^\/schedules\/([^/]+)$/.exec(path);
      const action = !named ? undefined : { POST: 'CreateSchedule', DELETE: 'DeleteSchedule' }[req.method ?? ''];
      options.requestLog.recordOnAnswer('scheduler', req, res, { path, action });
      const body = await readBody(req);
      const unsigned = signatureProblem(req, body, 'scheduler');
      if (unsigned) return answerAwsError(res, 403, unsigned.type, { Message: unsigned.message });
      if (!named || !action) {
        return answerAwsError(res, 404, 'UnknownOperationException', {
          Message: `${req.method} ${path} is not an operation the local Scheduler serves (CreateSchedule, DeleteSchedule)`,
        });
      }
      const name = decodeURIComponent(named[1] as string);
      return action === 'CreateSchedule' ? createSchedule(res, name, body) : deleteSchedule(res, name, url);
    },
    start: schedules.start,
    settled: schedules.settled,
    busy: schedules.busy,
    nextDueAt: schedules.nextDueAt,
    clockMoved: schedules.clockMoved,
    runPendingNow: (job) => schedules.runNow((schedule) => jobOf(schedule) === job),
    pending: () =>
      schedules.values().map((schedule) => ({
        name: schedule.name,
        job: jobOf(schedule),
        ...payloadFields(schedule.target.input),
        at: schedule.at,
      })),
    stop: schedules.stop,
  };
}
