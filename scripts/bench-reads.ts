// First: it sets the functions' log level before any of them is imported.
import { ms, percentile, REQUEST_NUMBER, row } from './bench-support';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../functions/data/client';
import type { DirectoryRow } from '../functions/data/coaches';
import { directoryCards } from '../functions/http/directory';
import { profileRow } from '../functions/data/profiles';
import { MEDICAL_SPECIALTIES, MENTOR_EXPERIENCE_CHOICES, MENTORING_AREAS } from '../functions/domain/fixed-lists';
import { BOOKING_NOTICE_MINUTES } from '../functions/domain/booking';
import { type SlotRequest, slotsInWindow } from '../functions/domain/slots';
import { startTestStack } from '../tests/support/local-stack';
import { printColdStarts } from './bench-cold-starts';
import { directorySnapshot } from '../functions/runtime/ports/directory-snapshot';

const run = promisify(execFile);
const DAY_MS = 24 * 60 * 60_000;
/** 1,660-character bios: seven times a card's excerpt, and quick enough to seed into DynamoDB Local. */
const BIO_REPEATS = 20;
const PARALLEL_BATCHES = 8;
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

/** Bench-only: the `i`-th of `count` published coaches, with varied names, specialties and areas, and a long bio. */
function benchCoachRow(i: number, count: number, bio: string) {
  return profileRow({
    userId: `bench-${i}`,
    email: `bench-${i}@bench.test`,
    userType: 'mentor',
    published: true,
    firstName: `First${i}`,
    lastName: `Last${(i * 7919) % count}`,
    specialty: pick(MEDICAL_SPECIALTIES, i),
    experience: pick(MENTOR_EXPERIENCE_CHOICES, i),
    areasOfInterest: [pick(MENTORING_AREAS, i), pick(MENTORING_AREAS, i + 5)],
    coachBio: bio,
    bio,
    hourlyRateCents: 10000 + (i % 30) * 1000,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  });
}

const benchBio = () =>
  'Physician mentor helping colleagues with leadership roles and career transitions. '.repeat(BIO_REPEATS);

/** Writes `count` coaches through DynamoDB; the table's stream rebuilds the directory snapshot from them. */
async function seedCoachesIntoTable(count: number) {
  const bio = benchBio();
  const writes: Promise<unknown>[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, (_, offset) => ({
      PutRequest: { Item: benchCoachRow(start + offset, count, bio) },
    }));
    writes.push(db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: batch } })));
    if (writes.length === PARALLEL_BATCHES) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
}

/**
 * Writes the directory snapshot of `count` coaches directly: all a cold directory read needs (one
 * GetObject), built from the same rows by the same code as the stream's rebuild (directoryCards).
 * 100,000 writes through DynamoDB Local take over 46 minutes on these machines; this takes seconds.
 */
async function seedCoachesIntoSnapshot(count: number) {
  const bio = benchBio();
  const rows = Array.from({ length: count }, (_, i) => benchCoachRow(i, count, bio) as DirectoryRow);
  await directorySnapshot().write(directoryCards(rows), new Date());
}

interface LoadResult {
  latencies: number[];
  failures: number;
  perSecond: number;
}

/** `connections` clients for `seconds`, from a separate Node process. */
async function loadFromOtherProcess(url: string, connections = 50, seconds = 10): Promise<LoadResult> {
  const { stdout } = await run(
    'npx',
    ['tsx', 'scripts/bench-load-process.ts', url, String(connections), String(seconds)],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as LoadResult;
}

const p95Row = (name: string, result: LoadResult, floorMs: number) => {
  const p95 = percentile(result.latencies, 95);
  row(
    name,
    `${ms(percentile(result.latencies, 50))} / ${ms(p95)} / ${ms(percentile(result.latencies, 99))} ms (floor: p95 ≤ ${floorMs} ms)${p95 > floorMs ? '  over' : ''}, ${result.perSecond.toFixed(0)} req/s, ${result.failures} failed`,
  );
};

async function benchDirectory(coaches: number, options: { seed: 'table' | 'snapshot' }) {
  console.log(
    `\nDirectory with ${coaches.toLocaleString('en-US')} published coaches (bench-only seed, 1,660-character bios, ${
      options.seed === 'table' ? 'written through DynamoDB' : 'the snapshot written directly'
    })`,
  );
  // While the seed writes, the snapshot's rebuilds read the growing index (one per 1,000 writes):
  // DynamoDB Local, one Java process on a shared machine, then answers a batch write in more than
  // the stack's usual 8 s.
  process.env.AWS_REQUEST_TIMEOUT_MS ??= '30000';
  const stack = await startTestStack();
  try {
    const seedingStarted = performance.now();
    if (options.seed === 'table') await seedCoachesIntoTable(coaches);
    else await seedCoachesIntoSnapshot(coaches);
    row('  seeding', `${((performance.now() - seedingStarted) / 1000).toFixed(1)} s`);
    const catchUpStarted = performance.now();
    await stack.directorySettled();
    const snapshot = await directorySnapshot().read();
    row(
      options.seed === 'table' ? '  snapshot caught up with the stream' : '  snapshot in place',
      `${((performance.now() - catchUpStarted) / 1000).toFixed(1)} s after the seed, ${
        snapshot.state === 'current'
          ? `${snapshot.coaches.length.toLocaleString('en-US')} cards in ${(snapshot.bytes / 1024).toFixed(0)} KiB gzip`
          : snapshot.state
      }`,
    );
    const memoryBefore = process.memoryUsage().heapUsed;
    // The handler module is not loaded yet and nothing is cached: what a fresh execution environment
    // pays, one GetObject of the snapshot.
    const coldStarted = performance.now();
    const first = await fetch(`${stack.apiUrl}/api/coaches?q=cardio`);
    const text = await first.text();
    const coldMs = performance.now() - coldStarted;
    // Anything but a 200 shows its body: the bench logs nothing else (LOG_LEVEL=silent), and a bare
    // `{"message":"Internal Server Error"}` is the function timeout, an `INTERNAL` code an exception.
    let outcome = text;
    if (first.ok) {
      const { matchingCount, totalCount } = JSON.parse(text) as { matchingCount: number; totalCount: number };
      outcome = `${matchingCount} of ${totalCount}`;
    }
    row(
      '  first request after a cold start',
      `${ms(coldMs)} ms (floor: ≤ 300 ms)${coldMs > 300 ? '  over' : ''}, status ${first.status}, ${outcome}`,
    );
    row(
      '  heap held by the directory',
      `${((process.memoryUsage().heapUsed - memoryBefore) / 2 ** 20).toFixed(0)} MiB`,
    );
    p95Row(
      '  ?q=cardio p50 / p95 / p99, 50 connections',
      await loadFromOtherProcess(`${stack.apiUrl}/api/coaches?q=cardio`),
      25,
    );
    p95Row(
      '  specialty + experience p50 / p95 / p99',
      await loadFromOtherProcess(`${stack.apiUrl}/api/coaches?specialty=Pediatrics&experience=15`),
      25,
    );
    // The rows above repeat one search, which the directory answers from the matches it remembers
    // (domain/directory.ts rememberingFilter); here no search repeats, so each one filters every card.
    p95Row(
      '  distinct searches p50 / p95 / p99 (none repeats)',
      await loadFromOtherProcess(`${stack.apiUrl}/api/coaches?q=first${REQUEST_NUMBER}`),
      25,
    );
  } finally {
    await stack.dispose();
  }
}

function benchSlots() {
  const now = new Date('2026-03-02T08:00:00Z');
  // Weekday mornings and afternoons, weekly, in a zone with a DST change inside the 30 days.
  const availability = [1, 2, 3, 4, 5].flatMap((weekday) =>
    ['09:00', '14:00'].map((time, index) => {
      const day = `2026-03-0${weekday + 1}`;
      return {
        start: `${day}T${time}:00-05:00`,
        end: `${day}T${index === 0 ? '12:00' : '18:00'}:00-05:00`,
        recurring: true,
        timezone: 'America/New_York',
      };
    }),
  );
  const request: SlotRequest = {
    availability,
    busy: [],
    durationMinutes: 30,
    window: { from: now, to: new Date(now.getTime() + 30 * DAY_MS) },
    now,
    noticeMinutes: BOOKING_NOTICE_MINUTES.paid,
  };
  // The mentor's own calendar: 200 busy events spread over the 30 days, 30 to 120 minutes each, unsorted.
  const busy = Array.from({ length: 200 }, (_, index) => {
    const start = now.getTime() + ((index * 7_919) % (30 * 24 * 4)) * 15 * 60_000;
    return { start, end: start + (30 + (index % 4) * 30) * 60_000 };
  });
  console.log('\nSlots');
  slotsRow('  30 days of weekly availability, p50 / p95', request);
  slotsRow('  the same with 200 calendar busy events merged, p50 / p95', { ...request, busy });
}

function slotsRow(label: string, request: SlotRequest) {
  for (let i = 0; i < 50; i++) slotsInWindow(request);
  const timings: number[] = [];
  let count = 0;
  for (let i = 0; i < 500; i++) {
    const started = performance.now();
    count = slotsInWindow(request).length;
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const p50 = percentile(timings, 50);
  row(
    label,
    `${p50.toFixed(2)} / ${percentile(timings, 95).toFixed(2)} ms (floor: ≤ 2 ms)${p50 > 2 ? '  over' : ''}, ${count} slots`,
  );
}

const DIRECTORY_ONLY = '--directory-only';

if (process.argv.includes(DIRECTORY_ONLY)) {
  await benchDirectory(100_000, { seed: 'snapshot' });
} else {
  benchSlots();
  await benchDirectory(10_000, { seed: 'table' });
  // In a process of its own: in this one the directory handler is loaded and holds the 10,000
  // coaches it read, so its "first request" would be no cold start.
  if (process.argv.includes('--coaches-100k')) {
    await run('npx', ['tsx', 'scripts/bench-reads.ts', DIRECTORY_ONLY]).then(({ stdout }) =>
      process.stdout.write(stdout),
    );
  }
  await printColdStarts();
}
