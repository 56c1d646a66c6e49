// First: it sets the functions' log level before any of them is imported.
import { latencyRow, load, percentile, row } from './bench-support';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../functions/data/client';
import { keys } from '../functions/data/keys';
import { startTestStack } from '../tests/support/local-stack';
import { bundleFunctions } from '../lib/function-bundles';

async function spaInitialJsGzipped(): Promise<number> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  const html = await readFile('dist/web/index.html', 'utf8');
  const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const sizes = await Promise.all(scripts.map(async (src) => gzipSync(await readFile(`dist/web${src}`)).length));
  return sizes.reduce((sum, size) => sum + size, 0);
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

console.log('\nHandler bundles (minified, AWS SDK included, as deployed): loaded at init / with every chunk');
for (const { operation, initBytes, totalBytes } of (await bundleFunctions()).functions)
  row(`  ${operation}`, `${(initBytes / 1024).toFixed(1)} / ${(totalBytes / 1024).toFixed(1)} KiB`);

console.log('\nSPA');
row('  initial JS (entry + modulepreload), gzipped', `${((await spaInitialJsGzipped()) / 1024).toFixed(1)} KiB`);

console.log('\nAPI against the local stack with the demo seed, 50 connections for 10 s');
const stack = await startTestStack({ seed: true });
try {
  const listed = (await (await fetch(`${stack.apiUrl}/api/coaches`)).json()) as { coaches: { userId: string }[] };
  const result = await load(`${stack.apiUrl}/api/coaches`);
  latencyRow('  GET /api/coaches p50 / p95 / p99', result.latencies);
  row('  requests/s, failures', `${result.perSecond.toFixed(0)} / ${result.failures}`);
  const floor = await getItemLatencies(listed.coaches[0]?.userId ?? 'none', 2000);
  row(
    '  DynamoDB Local GetItem p50 / p95 (floor)',
    `${percentile(floor, 50).toFixed(2)} / ${percentile(floor, 95).toFixed(2)} ms`,
  );
} finally {
  await stack.dispose();
}

// A fresh process, so the first stack's cached directory cannot answer for the second.
// `npm run bench -- --coaches-100k` adds the 100,000-coach directory row.
execFileSync('npx', ['tsx', 'scripts/bench-reads.ts', ...process.argv.slice(2)], { stdio: 'inherit' });

execFileSync('npx', ['tsx', 'scripts/bench-faults.ts'], { stdio: 'inherit' });

// Lighthouse against the production build that the SPA and bundle rows above have just written.
execFileSync('npx', ['tsx', 'scripts/bench-lighthouse.ts'], { stdio: 'inherit' });
