import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  nextDailyRun,
  SETTLEMENT_SWEEP_AT,
  startDailyReconciliation,
  startDailySchedule,
} from '../../bin/local/daily-schedules';

let dir: string;
let stops: (() => Promise<void>)[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'daily-reconciliation-'));
});
afterEach(async () => {
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
  await rm(dir, { recursive: true, force: true });
});

const savedNextRun = async (file: string) => JSON.parse(await readFile(file, 'utf8')).nextRun;

async function start(file: string, now: string) {
  const days: string[] = [];
  const schedule = await startDailyReconciliation(
    file,
    async (day) => days.push(day),
    () => new Date(now),
  );
  stops.push(schedule.stop);
  return days;
}

describe('the local daily reconciliation', () => {
  it('runs at 02:30 UTC, like the deployed schedule', () => {
    expect(nextDailyRun(new Date('2026-11-23T01:00:00Z')).toISOString()).toBe('2026-11-23T02:30:00.000Z');
    expect(nextDailyRun(new Date('2026-11-23T02:30:00Z')).toISOString()).toBe('2026-11-24T02:30:00.000Z');
  });

  it('on a first start, runs nothing and keeps the next run time', async () => {
    const file = path.join(dir, 'daily.json');
    expect(await start(file, '2026-11-23T10:00:00Z')).toEqual([]);
    expect(await savedNextRun(file)).toBe('2026-11-24T02:30:00.000Z');
  });

  it('catches up at start on every run missed while the stack was down, each for the day before it', async () => {
    const file = path.join(dir, 'daily.json');
    await writeFile(file, JSON.stringify({ nextRun: '2026-11-22T02:30:00.000Z' }));
    expect(await start(file, '2026-11-23T10:00:00Z')).toEqual(['2026-11-21', '2026-11-22']);
    expect(await savedNextRun(file)).toBe('2026-11-24T02:30:00.000Z');
  });
});

describe('the local daily settlement sweep', () => {
  it('runs at 04:30 UTC, like the deployed schedule, and catches up on each run missed', async () => {
    expect(nextDailyRun(new Date('2026-11-23T03:00:00Z'), SETTLEMENT_SWEEP_AT).toISOString()).toBe(
      '2026-11-23T04:30:00.000Z',
    );
    const file = path.join(dir, 'sweep.json');
    await writeFile(file, JSON.stringify({ nextRun: '2026-11-22T04:30:00.000Z' }));
    const runs: string[] = [];
    const schedule = await startDailySchedule(
      file,
      SETTLEMENT_SWEEP_AT,
      async (runTime) => runs.push(runTime.toISOString()),
      () => new Date('2026-11-23T10:00:00Z'),
    );
    stops.push(schedule.stop);
    expect(runs).toEqual(['2026-11-22T04:30:00.000Z', '2026-11-23T04:30:00.000Z']);
    expect(await savedNextRun(file)).toBe('2026-11-24T04:30:00.000Z');
  });
});
