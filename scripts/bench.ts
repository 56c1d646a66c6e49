import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../functions/data/client';
import { keys } from '../functions/data/keys';
import { profileRow } from '../functions/data/profiles';
import { MEDICAL_SPECIALTIES, MENTOR_EXPERIENCE_CHOICES, MENTORING_AREAS } from '../functions/domain/fixed-lists';
import { startTestStack } from '../tests/support/local-stack';
import { bundleFunctions } from './bundle-functions';

/** Prints figures; it asserts nothing, since these machines are shared and noisy. */
const row = (name: string, value: string) => console.log(`${name.padEnd(46)} ${value}`);

async function spaInitialJsGzipped(): Promise<number> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  const html = await readFile('dist/web/index.html', 'utf8');
  const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const sizes = await Promise.all(scripts.map(async (src) => gzipSync(await readFile(`dist/web${src}`)).length));
  return sizes.reduce((sum, size) => sum + size, 0);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function getItemLatencies(userId: string, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await db().send(new GetCommand({ TableName: tableName(), Key: keys.profile(userId) }));
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

/** `connections` clients each sending one request after another for `seconds`; every latency kept. */
async function load(url: string, connections = 50, seconds = 10) {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(url).catch(() => null);
      if (response) await response.arrayBuffer();
      if (!response?.ok) failures++;
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  latencies.sort((a, b) => a - b);
  return { latencies, failures, perSecond: latencies.length / seconds };
}

const ms = (value: number) => value.toFixed(1);

const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

/** Bench-only: `count` published coaches with varied names, specialties and areas. */
async function seedManyCoaches(count: number) {
  const rows = Array.from({ length: count }, (_, i) =>
    profileRow({
      userId: `bench-${i}`,
      email: `bench-${i}@bench.test`,
      userType: 'mentor',
      published: true,
      firstName: `First${i}`,
      lastName: `Last${(i * 7919) % count}`,
      specialty: pick(MEDICAL_SPECIALTIES, i),
      experience: pick(MENTOR_EXPERIENCE_CHOICES, i),
      areasOfInterest: [pick(MENTORING_AREAS, i), pick(MENTORING_AREAS, i + 5)],
      coachBio: 'Physician mentor helping colleagues with leadership roles and career transitions. '.repeat(4),
      hourlyRateCents: 10000 + (i % 30) * 1000,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    }),
  );
  for (let i = 0; i < rows.length; i += 25) {
    const batch = rows.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: batch } }));
  }
}

const latencyRow = (name: string, latencies: number[]) =>
  row(
    name,
    `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} / ${ms(percentile(latencies, 99))} ms`,
  );

console.log('\nHandler bundles (minified, AWS SDK included, as deployed)');
for (const { operation, bytes } of await bundleFunctions()) row(`  ${operation}`, `${(bytes / 1024).toFixed(1)} KiB`);

console.log('\nSPA');
row('  initial JS (entry + modulepreload), gzipped', `${((await spaInitialJsGzipped()) / 1024).toFixed(1)} KiB`);

console.log('\nAPI against the local stack (DynamoDB Local), 50 connections for 10 s');
const stack = await startTestStack({ seed: true });
try {
  const listed = (await (await fetch(`${stack.apiUrl}/api/coaches`)).json()) as { coaches: { userId: string }[] };
  const result = await load(`${stack.apiUrl}/api/coaches`);
  latencyRow('  GET /api/coaches p50 / p95 / p99', result.latencies);
  row('  GET /api/coaches requests/s, failures', `${result.perSecond.toFixed(0)} / ${result.failures}`);
  const floor = await getItemLatencies(listed.coaches[0]?.userId ?? 'none', 2000);
  row(
    '  DynamoDB Local GetItem p50 / p95 (floor)',
    `${percentile(floor, 50).toFixed(2)} / ${percentile(floor, 95).toFixed(2)} ms`,
  );
} finally {
  await stack.dispose();
}

console.log('\nDirectory with 10,000 published coaches (bench-only seed), 50 connections for 10 s');
const large = await startTestStack();
try {
  const started = performance.now();
  await seedManyCoaches(10_000);
  row('  seeding 10,000 coaches', `${((performance.now() - started) / 1000).toFixed(1)} s`);
  const coldStarted = performance.now();
  const first = (await (await fetch(`${large.apiUrl}/api/coaches?q=cardio`)).json()) as {
    totalCount: number;
    matchingCount: number;
  };
  row(
    '  first request (loads the directory index)',
    `${ms(performance.now() - coldStarted)} ms, ${first.matchingCount} of ${first.totalCount}`,
  );
  const search = await load(`${large.apiUrl}/api/coaches?q=cardio`);
  latencyRow('  GET /api/coaches?q=cardio p50 / p95 / p99', search.latencies);
  row('  requests/s, failures', `${search.perSecond.toFixed(0)} / ${search.failures}`);
  const filtered = await load(`${large.apiUrl}/api/coaches?specialty=Pediatrics&experience=15&limit=24`, 50, 5);
  latencyRow('  specialty + experience filter p50 / p95 / p99', filtered.latencies);
} finally {
  await large.dispose();
}
