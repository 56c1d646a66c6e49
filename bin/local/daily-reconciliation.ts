import { readFile, writeFile } from 'node:fs/promises';
import { DateTime } from 'luxon';
import { log } from '../../functions/runtime/log';
import type { ClockDriven } from './clock';

/** When lib/finance.ts schedules the daily reconciliation: 02:30 UTC. */
const RUN_AT = { hour: 2, minute: 30, second: 0, millisecond: 0 };
const RETRY_MS = 60_000;

/** The first daily run time after `instant`. */
export function nextDailyRun(instant: Date): Date {
  const today = DateTime.fromJSDate(instant, { zone: 'utc' }).set(RUN_AT);
  return (today.toMillis() > instant.getTime() ? today : today.plus({ days: 1 })).toJSDate();
}

/**
 * The deployed daily reconciliation schedule for the local stack, in the local scheduler's style: the
 * next run time is kept in a file under the data folder, so a start runs at once every run the stack
 * missed while it was down (each reconciling the UTC day before its run, as the schedule's `{}` does).
 */
export async function startDailyReconciliation(
  file: string,
  reconcile: (day: string) => Promise<unknown>,
  now: () => Date = () => new Date(),
): Promise<ClockDriven & { stop(): Promise<void> }> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let nextRun = (await readNextRun(file)) ?? nextDailyRun(now());
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
      const day = DateTime.fromJSDate(nextRun, { zone: 'utc' }).minus({ days: 1 }).toISODate() as string;
      try {
        await reconcile(day);
      } catch (error) {
        log('error', 'local daily reconciliation failed; retrying in a minute', { day, error: String(error) });
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
