import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run coverage`: the unit and integration tests of `npm test`, run from the source with V8's
 * coverage, then line coverage per folder of functions/ and bin/local/, and every adapter file below
 * the floor named. The browser tests run the built bundles, so they are left out: what they reach,
 * these reach too. Exits non-zero when an adapter is under the floor.
 */

const ADAPTER_FLOOR = 85;
const ADAPTERS = 'functions/adapters/';
const SUMMARY = '.coverage/coverage-summary.json';

interface Totals {
  lines: { total: number; covered: number; pct: number };
}

const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'unit', '--project', 'integration', '--coverage', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, API_FROM_BUNDLES: '0' } },
);
if (!existsSync(SUMMARY)) process.exit(run.status ?? 1);

const summary = JSON.parse(readFileSync(SUMMARY, 'utf8')) as Record<string, Totals>;
const files = Object.entries(summary)
  .filter(([file]) => file !== 'total')
  .map(([file, totals]) => ({ file: path.relative(process.cwd(), file), lines: totals.lines }));

const folders = new Map<string, { total: number; covered: number }>();
for (const { file, lines } of files) {
  const folder = path.dirname(file).split(path.sep).slice(0, 2).join('/');
  const sum = folders.get(folder) ?? { total: 0, covered: 0 };
  folders.set(folder, { total: sum.total + lines.total, covered: sum.covered + lines.covered });
}
const percent = (covered: number, total: number) => (total === 0 ? 100 : (100 * covered) / total);

console.log('\nline coverage per folder');
for (const [folder, { total, covered }] of [...folders].sort(([a], [b]) => a.localeCompare(b)))
  console.log(
    `  ${folder.padEnd(24)} ${percent(covered, total).toFixed(1).padStart(5)} %  (${covered}/${total} lines)`,
  );

const adapters = files.filter(({ file }) => file.startsWith(ADAPTERS)).sort((a, b) => a.lines.pct - b.lines.pct);
console.log(`\n${ADAPTERS} per file (floor ${ADAPTER_FLOOR} %)`);
for (const { file, lines } of adapters)
  console.log(
    `  ${lines.pct < ADAPTER_FLOOR ? '✗' : '✓'} ${file.slice(ADAPTERS.length).padEnd(28)} ${lines.pct.toFixed(1).padStart(5)} %`,
  );
const under = adapters.filter(({ lines }) => lines.pct < ADAPTER_FLOOR);
if (under.length > 0) console.error(`\n${under.length} adapter file(s) under ${ADAPTER_FLOOR} % line coverage`);
if (run.status !== 0) console.error('\nSome tests failed: the figures above count only what passed before.');
process.exit(under.length > 0 || run.status !== 0 ? 1 : 0);
