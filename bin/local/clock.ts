import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJson, sendJson } from './stripe-faults';

/**
 * The local stack's one clock: real time plus an offset that `POST /_local/clock` moves. Every part of
 * the stack runs in one process and reads the time through the global `Date` (the handlers, luxon,
 * the scheduler, the Stripe stand-in, cognito-local's tokens, the JWT checks, SigV4), so the offset
 * is applied there and all of them move together. On globalThis: a module may be loaded twice
 * (through Vite and natively), and there must be one offset.
 */
const CLOCK = Symbol.for('physician-mentors.local-clock');

interface ClockState {
  offsetMs: number;
  realNow: () => number;
}

type Host = typeof globalThis & { [CLOCK]?: ClockState };

function clockState(): ClockState {
  const host = globalThis as Host;
  if (host[CLOCK]) return host[CLOCK];
  const RealDate = Date;
  const state: ClockState = { offsetMs: 0, realNow: () => RealDate.now() };
  const now = () => RealDate.now() + state.offsetMs;
  host.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    // `Date()` called as a function answers the time as a string.
    apply: () => new RealDate(now()).toString(),
    get: (target, property) => (property === 'now' ? now : Reflect.get(target, property, target)),
  });
  host[CLOCK] = state;
  return state;
}

/** Puts the local clock in place of the global Date (once per process). */
export const installLocalClock = (): void => void clockState();

export const clockOffsetMs = (): number => clockState().offsetMs;

export function setClockOffset(offsetMs: number): void {
  clockState().offsetMs = offsetMs;
}

/** Something of the stack that does work at times: told when the clock moved, asked when it next has work. */
export interface ClockDriven {
  /** The earliest time (ms) it has work due, if any. */
  nextDueAt(): number | undefined | Promise<number | undefined>;
  /** Does the work that is due now, or arms its timers again for the new time. */
  clockMoved(): void | Promise<void>;
}

export interface LocalClock {
  now(): Date;
  offsetMinutes(): number;
  /**
   * Moves the time on by `minutes`, stopping at each time something has work due on the way so that
   * work runs in the order of its times, each step settled (`settle`) before the next.
   */
  advance(minutes: number): Promise<Date>;
  /** Back to real time; what happened meanwhile stays. */
  reset(): Promise<Date>;
}

/**
 * The clock the stack drives: its offset kept in `file` (a restart keeps the moved time, as the
 * data it made does), the parts told of each move, `settle` awaited after each step.
 */
export async function startLocalClock(options: {
  file: string;
  parts: () => readonly ClockDriven[];
  settle: () => Promise<void>;
}): Promise<LocalClock> {
  installLocalClock();
  setClockOffset(await readOffset(options.file));
  let moves: Promise<unknown> = Promise.resolve();

  const moveTo = async (offsetMs: number) => {
    setClockOffset(offsetMs);
    await writeFile(options.file, JSON.stringify({ offsetMs }, null, 2), 'utf8');
    for (const part of options.parts()) await part.clockMoved();
    await options.settle();
  };

  const advanceTo = async (target: number) => {
    for (;;) {
      const due = (await Promise.all(options.parts().map((part) => part.nextDueAt()))).filter(
        (at): at is number => at !== undefined && at > Date.now() && at < target,
      );
      if (due.length === 0) break;
      await moveTo(Math.min(...due) - clockState().realNow());
    }
    await moveTo(target - clockState().realNow());
  };

  // One move at a time: two tests' or clicks' moves do not interleave their steps.
  const inTurn = (move: () => Promise<void>) => {
    const done = moves.then(move);
    moves = done.catch(() => undefined);
    return done.then(() => new Date());
  };

  return {
    now: () => new Date(),
    offsetMinutes: () => clockOffsetMs() / 60_000,
    advance: (minutes) => inTurn(() => advanceTo(Date.now() + minutes * 60_000)),
    reset: () => inTurn(() => moveTo(0)),
  };
}

async function readOffset(file: string): Promise<number> {
  try {
    const { offsetMs } = JSON.parse(await readFile(file, 'utf8')) as { offsetMs: number };
    return Number.isFinite(offsetMs) ? offsetMs : 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

/** The longest move at once: a year and a month, past a plan's yearly renewal. */
const MOST_MINUTES = 400 * 24 * 60;

/** `{"advanceMinutes": N}` (a whole number from 1 to MOST_MINUTES) or `{"reset": true}`. */
function clockChange(body: unknown): { advanceMinutes: number } | { reset: true } | null {
  const { advanceMinutes, reset, ...rest } = (body ?? {}) as { advanceMinutes?: unknown; reset?: unknown };
  if (Object.keys(rest).length > 0) return null;
  if (reset === true && advanceMinutes === undefined) return { reset };
  const whole = Number.isInteger(advanceMinutes) && (advanceMinutes as number) >= 1;
  return reset === undefined && whole && (advanceMinutes as number) <= MOST_MINUTES
    ? { advanceMinutes: advanceMinutes as number }
    : null;
}

/**
 * `GET /_local/clock` → `{now, offsetMinutes}`. `POST /_local/clock {"advanceMinutes": N}` moves the
 * time on and answers once every job, schedule, renewal and webhook retry that fell due has run;
 * `{"reset": true}` returns to real time.
 */
export async function serveClock(req: IncomingMessage, res: ServerResponse, clock: LocalClock) {
  const answer = (at: Date) => sendJson(res, 200, { now: at.toISOString(), offsetMinutes: clock.offsetMinutes() });
  if (req.method === 'GET') return answer(clock.now());
  if (req.method !== 'POST')
    return sendJson(res, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: 'GET or POST' } });
  const change = clockChange(await readJson(req));
  if (!change) {
    return sendJson(res, 400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: `Send {"advanceMinutes": N}, a whole number from 1 to ${MOST_MINUTES}, or {"reset": true}.`,
      },
    });
  }
  answer(await ('reset' in change ? clock.reset() : clock.advance(change.advanceMinutes)));
}
