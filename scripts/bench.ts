import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../functions/data/client';
import { keys } from '../functions/data/keys';
import { startTestStack } from '../tests/support/local-stack';
import { bundleFunctions } from './bundle-functions';

/** Prints figures; it asserts nothing, since these machines are shared and noisy. */
const row = (name: string, value: string) => console.log(`${name.padEnd(46)} ${value}`);

async function spaInitialJsGzipped(): Promise<number> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  const html = await readFile('dist/web/index.html', 'utf8');
  const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]);
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

console.log('\nHandler bundles (minified, AWS SDK external as in Lambda)');
for (const { operation, bytes } of await bundleFunctions()) row(`  ${operation}`, `${(bytes / 1024).toFixed(1)} KiB`);

console.log('\nSPA');
row('  initial JS (entry + modulepreload), gzipped', `${(await spaInitialJsGzipped() / 1024).toFixed(1)} KiB`);

console.log('\nAPI against the local stack (DynamoDB Local), 50 connections for 10 s');
const stack = await startTestStack({ seed: true });
try {
  const listed = (await (await fetch(`${stack.apiUrl}/api/coaches`)).json()) as { coaches: { userId: string }[] };
  const result = await load(`${stack.apiUrl}/api/coaches`);
  const { latencies } = result;
  row('  GET /api/coaches p50 / p95 / p99', `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} / ${ms(percentile(latencies, 99))} ms`);
  row('  GET /api/coaches requests/s, failures', `${result.perSecond.toFixed(0)} / ${result.failures}`);
  const floor = await getItemLatencies(listed.coaches[0]?.userId ?? 'none', 2000);
  row('  DynamoDB Local GetItem p50 / p95 (floor)', `${percentile(floor, 50).toFixed(2)} / ${percentile(floor, 95).toFixed(2)} ms`);
} finally {
  await stack.dispose();
}
