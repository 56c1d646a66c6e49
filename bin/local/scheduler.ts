import { readFile, writeFile } from 'node:fs/promises';
import { injectAdapters } from '../../functions/adapters/injected';
import { JOB_FUNCTION_RETRY_ATTEMPTS } from '../../functions/adapters/job-delivery';
import type { JobQueue } from '../../functions/adapters/job-queue';
import { type JobName, type JobScheduler, scheduleName } from '../../functions/adapters/scheduler';
import { log } from '../../functions/http/log';
import { lambdaHandler } from './lambda-modules';

interface LocalSchedule {
  job: JobName;
  sessionId: string;
  at: string;
  /** How many runs of it failed so far. */
  failures?: number;
}

/** A job given up on after Lambda's retries, as the jobs' dead-letter queue keeps it. */
export interface LocalDeadLetter {
  job: JobName;
  sessionId: string;
  error: string;
  at: string;
}

/** setTimeout's longest delay (about 24.8 days); a later schedule is re-armed when that passes. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Lambda retries a failed asynchronous invocation after about one minute, then about two (job-delivery.ts). */
const LAMBDA_RETRY_DELAYS_MS = [60_000, 120_000].slice(0, JOB_FUNCTION_RETRY_ATTEMPTS);

export interface LocalScheduler {
  /** Resolves once no job is running, none is due and no failed one waits for its retry: what a test waits for. */
  settled(): Promise<void>;
  /** The jobs given up on, oldest first (the local stand-in for the jobs' dead-letter queue). */
  deadLetters(): readonly LocalDeadLetter[];
  stop(): Promise<void>;
}

/**
 * EventBridge Scheduler for the local stack: schedules are timers in this process, kept in a file
 * under the data folder, so a restart re-arms them and at once runs those that fell due while the
 * stack was down (the catch-up sweep). Each runs the real job handler once, then deletes itself.
 * It also stands in for Lambda's asynchronous invocations (the job queue): a job started now is a
 * schedule due now, retried the same way when it fails.
 */
export async function startLocalScheduler(
  file: string,
  /** Tests shorten Lambda's retry delays; their number stays Lambda's. */
  options: { retryDelaysMs?: readonly number[] } = {},
): Promise<LocalScheduler> {
  const retryDelays = options.retryDelaysMs ?? LAMBDA_RETRY_DELAYS_MS;
  const schedules = new Map<string, LocalSchedule>();
  const deadLetters: LocalDeadLetter[] = [];
  const timers = new Map<string, { timer: NodeJS.Timeout; at: number }>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  const persist = () => writeFile(file, JSON.stringify([...schedules.values()], null, 2), 'utf8');

  const setTimer = (name: string, delay: number, run: () => void) => {
    clearTimeout(timers.get(name)?.timer);
    const timer = setTimeout(run, Math.min(delay, MAX_TIMER_MS));
    timer.unref();
    timers.set(name, { timer, at: Date.now() + delay });
  };

  const arm = (name: string, schedule: LocalSchedule) =>
    setTimer(name, Math.max(0, new Date(schedule.at).getTime() - Date.now()), () => {
      const run = fire(name, schedule);
      running.add(run);
      void run.finally(() => running.delete(run));
    });

  const fire = async (name: string, schedule: LocalSchedule) => {
    if (stopped || schedules.get(name) !== schedule) return;
    if (new Date(schedule.at).getTime() > Date.now()) return arm(name, schedule);
    timers.delete(name);
    try {
      const handler = await lambdaHandler(schedule.job);
      await handler({ sessionId: schedule.sessionId });
      if (schedules.get(name) === schedule) schedules.delete(name);
      await persist();
    } catch (error) {
      if (schedules.get(name) !== schedule) return;
      const failures = (schedule.failures ?? 0) + 1;
      const delay = retryDelays[failures - 1];
      if (delay === undefined) {
        log('error', 'local job failed its retries; dead-lettered', { name, error: String(error) });
        deadLetters.push({
          job: schedule.job,
          sessionId: schedule.sessionId,
          error: String(error),
          at: new Date().toISOString(),
        });
        schedules.delete(name);
        await persist();
        return;
      }
      log('error', 'local job failed; retrying', { name, failures, error: String(error) });
      await put(name, { ...schedule, at: new Date(Date.now() + delay).toISOString(), failures });
    }
  };

  const put = async (name: string, schedule: LocalSchedule) => {
    schedules.set(name, schedule);
    await persist();
    arm(name, schedule);
  };

  const scheduler: JobScheduler = {
    async schedule(job, sessionId, at) {
      const name = scheduleName(job, sessionId);
      if (schedules.has(name)) return;
      await put(name, { job, sessionId, at: at.toISOString() });
    },
    async unschedule(job, sessionId) {
      const name = scheduleName(job, sessionId);
      if (!schedules.delete(name)) return;
      clearTimeout(timers.get(name)?.timer);
      timers.delete(name);
      await persist();
    },
  };

  // A start replaces a later schedule of the same job (a retry planned for later runs now instead).
  const jobs: JobQueue = {
    start: (job, sessionId) => put(scheduleName(job, sessionId), { job, sessionId, at: new Date().toISOString() }),
  };

  const settled = async () => {
    const due = () => [...timers.values()].some(({ at }) => at <= Date.now());
    const retrying = () => [...schedules.values()].some((schedule) => schedule.failures);
    while (running.size > 0 || due() || retrying()) {
      await Promise.race([...running, new Promise((resolve) => setTimeout(resolve, 10))]);
    }
  };

  for (const schedule of await readSchedules(file)) {
    const name = scheduleName(schedule.job, schedule.sessionId);
    schedules.set(name, schedule);
    arm(name, schedule);
  }
  injectAdapters({ scheduler, jobs });
  return {
    settled,
    deadLetters: () => [...deadLetters],
    async stop() {
      stopped = true;
      for (const { timer } of timers.values()) clearTimeout(timer);
      injectAdapters({ scheduler: undefined, jobs: undefined });
    },
  };
}

async function readSchedules(file: string): Promise<LocalSchedule[]> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LocalSchedule[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
