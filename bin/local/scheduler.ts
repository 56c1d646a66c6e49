import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { JOB_FUNCTION_RETRY_ATTEMPTS } from '../../functions/adapters/job-delivery';
import { jobPayload, scheduleName } from '../../functions/adapters/scheduler';
import type { Ports } from '../../functions/runtime/composition-root';
import { log } from '../../functions/runtime/log';
import { withinFunctionTimeout } from './function-timeout';
import { lambdaHandler } from './lambda-modules';
import type { JobQueue, JobName, JobScheduler } from '../../functions/domain/ports';

export interface LocalSchedule {
  job: JobName;
  sessionId: string;
  at: string;
  /** The try a self-retrying job's schedule is for (the refund's). */
  try?: number;
}

/** A job given up on, as the jobs' dead-letter queue keeps it. */
export interface LocalDeadLetter extends LocalSchedule {
  error: string;
  failedAt: string;
}

/** setTimeout's longest delay (about 24.8 days); a later schedule is re-armed when that passes. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const RETRY_MS = 60_000;

export interface LocalScheduler {
  /** What it stands in for, for the local stack's composition (stand-ins.ts): Scheduler and Lambda's asynchronous invocations. */
  ports: Pick<Ports, 'scheduler' | 'jobs'>;
  /** Resolves once no job is running and none is due: what a test waits for after an action that starts one. */
  settled(): Promise<void>;
  /** What settled() is waiting for: the runs under way and the schedules due (for a wait that runs too long). */
  busy(): string[];
  /** Makes every schedule of `job` due now, as if its time had come (tests of retries that wait minutes). */
  runPendingNow(job: JobName): void;
  /** The jobs given up on, oldest first. */
  deadLetters(): Promise<LocalDeadLetter[]>;
  /** The schedules that have not run yet (tests check what a change re-armed). */
  pending(): LocalSchedule[];
  stop(): Promise<void>;
}

/**
 * EventBridge Scheduler for the local stack: schedules are timers in this process, kept in a file
 * under the data folder, so a restart re-arms them and at once runs those that fell due while the
 * stack was down (the catch-up sweep). Each runs the real job handler once, then deletes itself.
 * It also stands in for Lambda's asynchronous invocations (the job queue): a job started now is a
 * schedule due now. A failed run is retried a minute later, twice, then kept in the dead-letter
 * file (the jobs' dead-letter queue), as Lambda does with a failed asynchronous invocation.
 */
export async function startLocalScheduler(file: string, deadLetterFile: string): Promise<LocalScheduler> {
  const schedules = new Map<string, LocalSchedule>();
  const failures = new Map<string, number>();
  const timers = new Map<string, { timer: NodeJS.Timeout; at: number }>();
  const running = new Map<Promise<void>, { name: string; since: number }>();
  let stopped = false;

  const persist = () => writeFile(file, JSON.stringify([...schedules.values()], null, 2), 'utf8');

  const setTimer = (name: string, delay: number, run: () => void) => {
    clearTimeout(timers.get(name)?.timer);
    const timer = setTimeout(run, Math.min(delay, MAX_TIMER_MS));
    timer.unref();
    timers.set(name, { timer, at: Date.now() + delay });
  };

  /** Runs the schedule when `delay` has passed; settled() waits for the run. */
  const fireAfter = (name: string, schedule: LocalSchedule, delay: number) =>
    setTimer(name, delay, () => {
      const run = fire(name, schedule);
      running.set(run, { name, since: Date.now() });
      void run.finally(() => running.delete(run));
    });

  const arm = (name: string, schedule: LocalSchedule) =>
    fireAfter(name, schedule, Math.max(0, new Date(schedule.at).getTime() - Date.now()));

  const fire = async (name: string, schedule: LocalSchedule) => {
    if (stopped || schedules.get(name) !== schedule) return;
    if (new Date(schedule.at).getTime() > Date.now()) return arm(name, schedule);
    timers.delete(name);
    try {
      // Loading the handler counts against the timeout too: a load that never ends must not hold settled() for good.
      await withinFunctionTimeout(
        lambdaHandler(schedule.job).then((handler) => handler(jobPayload(schedule.sessionId, schedule.try))),
      );
      failures.delete(name);
      if (schedules.get(name) === schedule) schedules.delete(name);
      await persist();
    } catch (error) {
      const failed = (failures.get(name) ?? 0) + 1;
      failures.set(name, failed);
      if (schedules.get(name) !== schedule) return;
      // As Lambda does with an asynchronous invocation: retried twice, then sent to the on-failure destination.
      if (failed > JOB_FUNCTION_RETRY_ATTEMPTS) {
        log('error', 'local schedule failed every retry; dead-lettered', { name, error: String(error) });
        failures.delete(name);
        schedules.delete(name);
        const letter: LocalDeadLetter = { ...schedule, error: String(error), failedAt: new Date().toISOString() };
        await appendFile(deadLetterFile, `${JSON.stringify(letter)}\n`, 'utf8');
        await persist();
        return;
      }
      log('error', 'local schedule failed; retrying in a minute', { name, error: String(error) });
      fireAfter(name, schedule, RETRY_MS);
    }
  };

  const put = async (name: string, schedule: LocalSchedule) => {
    schedules.set(name, schedule);
    await persist();
    // Two puts of one name at once may finish their writes in either order: only the latest is armed,
    // else the earlier one's timer would fire for a schedule no longer kept and stay due for good.
    if (schedules.get(name) === schedule) arm(name, schedule);
  };

  const scheduler: JobScheduler = {
    async schedule(job, sessionId, at, tryNumber) {
      const name = scheduleName(job, sessionId, tryNumber);
      if (schedules.has(name)) return;
      await put(name, { job, sessionId, at: at.toISOString(), ...(tryNumber === undefined ? {} : { try: tryNumber }) });
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
    while (running.size > 0 || due()) {
      await Promise.race([...running.keys(), new Promise((resolve) => setTimeout(resolve, 10))]);
    }
  };

  const busy = (now = Date.now()) => [
    ...[...running.values()].map(({ name, since }) => `job ${name}: running for ${Math.round((now - since) / 1000)} s`),
    ...[...timers].filter(([, { at }]) => at <= now).map(([name, { at }]) => `job ${name}: due ${now - at} ms ago`),
  ];

  for (const schedule of await readSchedules(file)) {
    const name = scheduleName(schedule.job, schedule.sessionId);
    schedules.set(name, schedule);
    arm(name, schedule);
  }
  return {
    ports: { scheduler, jobs },
    settled,
    busy,
    runPendingNow(job) {
      const now = new Date().toISOString();
      for (const [name, schedule] of schedules) {
        if (schedule.job !== job) continue;
        const due = { ...schedule, at: now };
        schedules.set(name, due);
        arm(name, due);
      }
    },
    pending: () => [...schedules.values()],
    async deadLetters() {
      try {
        const lines = (await readFile(deadLetterFile, 'utf8')).split('\n').filter(Boolean);
        return lines.map((line) => JSON.parse(line) as LocalDeadLetter);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async stop() {
      stopped = true;
      for (const { timer } of timers.values()) clearTimeout(timer);
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
