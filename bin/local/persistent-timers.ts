import { readFile, writeFile } from 'node:fs/promises';
import { log } from '../../functions/runtime/log';

/** setTimeout's longest delay (about 24.8 days); a later item is re-armed when that passes. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Something to run at a time (ISO). */
export interface Timed {
  at: string;
}

/**
 * Items kept in a file and each run at its time: the local Scheduler's schedules and the local
 * Lambda's queued asynchronous invocations, which both outlive a restart, as AWS keeps them.
 */
export interface PersistentTimers<Item extends Timed> {
  /** Reads the file and arms every item in it; those that fell due while the stack was down run at once. */
  start(): Promise<void>;
  get(key: string): Item | undefined;
  values(): Item[];
  /** Keeps the item (replacing the one of its key) in the file, then arms it. */
  put(item: Item): Promise<void>;
  /** Drops the item of `key` (only while it is still `item`, when given); answers whether it did. */
  remove(key: string, item?: Item): Promise<boolean>;
  /** Makes every item `which` picks due now, unless it is running (tests of waits of minutes). */
  runNow(which: (item: Item) => boolean): void;
  /** The earliest time (ms) an item not yet running is due. */
  nextDueAt(): number | undefined;
  /** Arms every item again after the local clock moved: those now due run. */
  clockMoved(): void;
  /** Resolves once no item is running and none is due: what a test waits for after an action that starts one. */
  settled(): Promise<void>;
  /** What settled() is waiting for (for a wait that runs too long). */
  busy(): string[];
  /** Stops every timer and waits for the writes under way, so nothing touches the data folder after it. */
  stop(): Promise<void>;
}

export function persistentTimers<Item extends Timed>(options: {
  file: string;
  /** What busy() calls an item. */
  label: string;
  keyOf(item: Item): string;
  /** Runs a due item; the run removes it or puts its successor. */
  run(item: Item): Promise<void>;
  /** An item as the file keeps it (a file written by an earlier version, read as this one's). */
  revive?(stored: unknown): Item;
}): PersistentTimers<Item> {
  const { file, label, keyOf } = options;
  const items = new Map<string, Item>();
  const timers = new Map<string, { timer: NodeJS.Timeout; at: number }>();
  const running = new Map<Promise<void>, { key: string; since: number }>();
  let writes: Promise<void> = Promise.resolve();
  let stopped = false;

  const write = (task: () => Promise<void>) => {
    const written = writes.then(() => (stopped ? undefined : task()));
    writes = written.catch(() => undefined);
    return written;
  };
  // Each write is of the whole current state, in turn, so the file ends as the last change left it.
  const persist = () => write(() => writeFile(file, JSON.stringify([...items.values()], null, 2), 'utf8'));

  const arm = (key: string, item: Item) => {
    clearTimeout(timers.get(key)?.timer);
    const at = Date.parse(item.at);
    const timer = setTimeout(() => fire(key, item), Math.min(Math.max(0, at - Date.now()), MAX_TIMER_MS));
    timer.unref();
    timers.set(key, { timer, at });
  };

  const fire = (key: string, item: Item) => {
    if (stopped || items.get(key) !== item) return;
    if (Date.parse(item.at) > Date.now()) return arm(key, item);
    timers.delete(key);
    const run = options.run(item).catch((error: unknown) => {
      log('error', `local ${label}: its run failed`, { key, error: String(error) });
    });
    running.set(run, { key, since: Date.now() });
    void run.finally(() => running.delete(run));
  };

  const isRunning = (key: string) => [...running.values()].some((run) => run.key === key);

  return {
    async start() {
      for (const stored of await readItems(file)) {
        const item = options.revive ? options.revive(stored) : (stored as Item);
        items.set(keyOf(item), item);
        arm(keyOf(item), item);
      }
    },
    get: (key) => items.get(key),
    values: () => [...items.values()],
    async put(item) {
      const key = keyOf(item);
      items.set(key, item);
      await persist();
      // Two puts of one key at once may finish their writes in either order: only the latest is armed.
      if (!stopped && items.get(key) === item) arm(key, item);
    },
    async remove(key, item) {
      const kept = items.get(key);
      if (kept === undefined || (item !== undefined && kept !== item)) return false;
      items.delete(key);
      clearTimeout(timers.get(key)?.timer);
      timers.delete(key);
      await persist();
      return true;
    },
    runNow(which) {
      const now = new Date().toISOString();
      for (const [key, item] of items) {
        if (!which(item) || isRunning(key)) continue;
        const due = { ...item, at: now };
        items.set(key, due);
        arm(key, due);
      }
      void persist().catch(() => undefined);
    },
    nextDueAt() {
      const times = [...timers.values()].map(({ at }) => at);
      return times.length > 0 ? Math.min(...times) : undefined;
    },
    clockMoved() {
      for (const [key, item] of items) if (timers.has(key)) arm(key, item);
    },
    async settled() {
      const due = () => [...timers.values()].some(({ at }) => at <= Date.now());
      while (running.size > 0 || due()) {
        await Promise.race([...running.keys(), new Promise((resolve) => setTimeout(resolve, 10))]);
      }
    },
    busy(now = Date.now()) {
      return [
        ...[...running.values()].map(
          ({ key, since }) => `${label} ${key}: running for ${Math.round((now - since) / 1000)} s`,
        ),
        ...[...timers]
          .filter(([, { at }]) => at <= now)
          .map(([key, { at }]) => `${label} ${key}: due ${now - at} ms ago`),
      ];
    },
    async stop() {
      stopped = true;
      for (const { timer } of timers.values()) clearTimeout(timer);
      await writes;
    },
  };
}

async function readItems(file: string): Promise<unknown[]> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
