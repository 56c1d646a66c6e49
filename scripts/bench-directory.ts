import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../functions/data/client';
import { profileRow } from '../functions/data/profiles';
import { MEDICAL_SPECIALTIES, MENTOR_EXPERIENCE_CHOICES, MENTORING_AREAS } from '../functions/domain/fixed-lists';
import { startTestStack } from '../tests/support/local-stack';
import { latencyRow, load, ms, row } from './bench-support';

const COACHES = 10_000;
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

console.log(`\nDirectory with ${COACHES.toLocaleString('en-US')} published coaches (bench-only seed), 50 connections`);
const stack = await startTestStack();
try {
  const seedingStarted = performance.now();
  await seedManyCoaches(COACHES);
  row('  seeding', `${((performance.now() - seedingStarted) / 1000).toFixed(1)} s`);
  const coldStarted = performance.now();
  const first = (await (await fetch(`${stack.apiUrl}/api/coaches?q=cardio`)).json()) as {
    totalCount: number;
    matchingCount: number;
  };
  row(
    '  first request (reads the directory index)',
    `${ms(performance.now() - coldStarted)} ms, ${first.matchingCount} of ${first.totalCount}`,
  );
  const search = await load(`${stack.apiUrl}/api/coaches?q=cardio`);
  latencyRow('  GET /api/coaches?q=cardio p50 / p95 / p99', search.latencies);
  row('  requests/s, failures', `${search.perSecond.toFixed(0)} / ${search.failures}`);
  const filtered = await load(`${stack.apiUrl}/api/coaches?specialty=Pediatrics&experience=15`, 50, 5);
  latencyRow('  specialty + experience p50 / p95 / p99', filtered.latencies);
} finally {
  await stack.dispose();
}
