import { readFile, writeFile } from 'node:fs/promises';
import { DateTime } from 'luxon';
import { log } from '../../functions/runtime/log';
import type { ClockDriven } from './clock';

/** A daily run's UTC time of day, as lib/finance.ts schedules it. */
interface RunAt {
  hour: number;
  minute: number;
}

/** When lib/finance.ts schedules the daily reconciliation: 02:30 UTC. */
const RECONCILIATION_AT: RunAt = { hour: 2, minute: 30 };
/** When lib/finance.ts schedules the daily retry of owed transfers: 03:30 UTC. */
export const OWED_TRANSFERS_AT: RunAt = { hour: 3, minute: 30 };
/** When lib/finance.ts schedules the daily settlement sweep: 04:30 UTC. */
export const SETTLEMENT_SWEEP_AT: RunAt = { hour: 4, minute: 30 };
const RETRY_MS = 60_000;

/** The first daily run time at `runAt` after `instant`. */
export function nextDailyRun(instant: Date, runAt: RunAt = RECONCILIATION_AT): Date {
  const today = DateTime.fromJSDate(instant, { zone: 'utc' }).set({ ...runAt, second: 0, millisecond: 0 });
  return (today.toMillis() > instant.getTime() ? today : today.plus({ days: 1 })).toJSDate();
}

/** When lib/audit-log.ts schedules the daily audit export: 00:30 UTC. */
export const AUDIT_EXPORT_AT: RunAt = { hour: 0, minute: 30 };

/**
 * A deployed daily schedule whose run works on the UTC day before it, as the schedule's `{}` does
 * (the reconciliation, the audit export): each run is given that day.
 */
export const startDailyRunOfDayBefore = (
  file: string,
  runAt: RunAt,
  run: (day: string) => Promise<unknown>,
  now: () => Date = () => new Date(),
) =>
  startDailySchedule(
    file,
    runAt,
    (runTime) => run(DateTime.fromJSDate(runTime, { zone: 'utc' }).minus({ days: 1 }).toISODate() as string),
    now,
  );

/** The deployed daily reconciliation schedule for the local stack: each run reconciles the UTC day before it. */
export const startDailyReconciliation = (
  file: string,
  reconcile: (day: string) => Promise<unknown>,
  now: () => Date = () => new Date(),
) => startDailyRunOfDayBefore(file, RECONCILIATION_AT, reconcile, now);

/**
 * A deployed daily schedule (lib/finance.ts) for the local stack, in the local scheduler's style: the
 * next run time is kept in a file under the data folder, so a start runs at once every run the stack
 * missed while it was down, each given its own run time.
 */
export async function startDailySchedule(
  file: string,
  runAt: RunAt,
  run: (runTime: Date) => Promise<unknown>,
  now: () => Date = () => new Date(),
): Promise<ClockDriven & { stop(): Promise<void> }> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let nextRun = (await readNextRun(file)) ?? nextDailyRun(now(), runAt);
  const persist = () => writeFile(file, JSON.stringify({ nextRun: nextRun.toISOString() }, null, 2), 'utf8');

  let turn: Promise<void> = Promise.resolve();
  // One run at a time, whether its timer or a move of the clock started it.
  const runDueInTurn = () => {
    clearTimeout(timer);
    turn = turn.then(runDue);
    return turn;
  };
  const arm = (delay: number) => {
    timer = setTimeout(() => void runDueInTurn(), delay);
    timer.unref();
  };

  const runDue = async () => {
    while (!stopped && nextRun.getTime() <= now().getTime()) {
      try {
        await run(nextRun);
      } catch (error) {
        log('error', 'a local daily job failed; retrying in a minute', { file, error: String(error) });
        return arm(RETRY_MS);
      }
      nextRun = DateTime.fromJSDate(nextRun, { zone: 'utc' }).plus({ days: 1 }).toJSDate();
      await persist();
    }
    if (!stopped) arm(nextRun.getTime() - now().getTime());
  };

  await persist();
  await runDueInTurn();
  return {
    nextDueAt: () => nextRun.getTime(),
    clockMoved: runDueInTurn,
    async stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

async function readNextRun(file: string): Promise<Date | null> {
  try {
    const { nextRun } = JSON.parse(await readFile(file, 'utf8')) as { nextRun: string };
    return new Date(nextRun);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
