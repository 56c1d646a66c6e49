import { readFile, writeFile } from 'node:fs/promises';
import { injectAdapters } from '../../functions/adapters/injected';
import { type JobName, type JobScheduler, scheduleName } from '../../functions/adapters/scheduler';
import { log } from '../../functions/http/log';
import { lambdaHandler } from './lambda-modules';

interface LocalSchedule {
  job: JobName;
  sessionId: string;
  at: string;
}

/** setTimeout's longest delay (about 24.8 days); a later schedule is re-armed when that passes. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const RETRY_MS = 60_000;

/**
 * EventBridge Scheduler for the local stack: schedules are timers in this process, kept in a file
 * under the data folder, so a restart re-arms them and at once runs those that fell due while the
 * stack was down (the catch-up sweep). Each runs the real job handler once, then deletes itself.
 */
export async function startLocalScheduler(file: string): Promise<{ stop(): Promise<void> }> {
  const schedules = new Map<string, LocalSchedule>();
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  const persist = () => writeFile(file, JSON.stringify([...schedules.values()], null, 2), 'utf8');

  const arm = (name: string, schedule: LocalSchedule) => {
    clearTimeout(timers.get(name));
    const delay = Math.max(0, new Date(schedule.at).getTime() - Date.now());
    const timer = setTimeout(() => void fire(name, schedule), Math.min(delay, MAX_TIMER_MS));
    timer.unref();
    timers.set(name, timer);
  };

  const fire = async (name: string, schedule: LocalSchedule) => {
    if (stopped || schedules.get(name) !== schedule) return;
    if (new Date(schedule.at).getTime() > Date.now()) return arm(name, schedule);
    try {
      const handler = await lambdaHandler(schedule.job);
      await handler({ sessionId: schedule.sessionId });
      schedules.delete(name);
      timers.delete(name);
      await persist();
    } catch (error) {
      log('error', 'local schedule failed; retrying in a minute', { name, error: String(error) });
      const retry = setTimeout(() => void fire(name, schedule), RETRY_MS);
      retry.unref();
      timers.set(name, retry);
    }
  };

  const scheduler: JobScheduler = {
    async schedule(job, sessionId, at) {
      const name = scheduleName(job, sessionId);
      if (schedules.has(name)) return;
      const schedule = { job, sessionId, at: at.toISOString() };
      schedules.set(name, schedule);
      await persist();
      arm(name, schedule);
    },
    async unschedule(job, sessionId) {
      const name = scheduleName(job, sessionId);
      if (!schedules.delete(name)) return;
      clearTimeout(timers.get(name));
      timers.delete(name);
      await persist();
    },
  };

  for (const schedule of await readSchedules(file)) {
    const name = scheduleName(schedule.job, schedule.sessionId);
    schedules.set(name, schedule);
    arm(name, schedule);
  }
  injectAdapters({ scheduler });
  return {
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      injectAdapters({ scheduler: undefined });
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
