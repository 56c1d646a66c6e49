import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ms, row } from './bench-support';
import { bundleFile, type LambdaEntry, lambdaEntries } from '../lib/bundling';
import { bundleFunctions } from './bundle-functions';

/** The goal: each function's module init at most this many times the baseline's. */
const RATIO_FLOOR = 1.5;
const ROUNDS = 3;

/** Enough configuration for every module to load as in Lambda; nothing is called. */
const LAMBDA_LIKE_ENV = {
  ...process.env,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  TABLE_NAME: 'bench',
  NODE_ENV: 'production',
};

/** Milliseconds to import one bundle in a fresh Node process (the module init a cold start pays). */
function importMs(file: string): number {
  const url = pathToFileURL(path.resolve(file)).href;
  const script = `const t = performance.now(); await import(${JSON.stringify(url)}); process.stdout.write(String(performance.now() - t));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: LAMBDA_LIKE_ENV }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Median import time per file over ROUNDS rounds, each importing every file once in turn, so the
 * load other processes put on this shared machine falls on the baseline and the bundles alike.
 */
function medianImportMs(files: string[]): number[] {
  const runs = files.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, file] of files.entries()) runs[index]?.push(importMs(file));
  }
  return runs.map(median);
}

/** Prints each deployed bundle's module init beside the baseline's, worst first. */
export async function printColdStarts(): Promise<void> {
  // The baseline goes through the same bundling definition as every deployed function.
  const baseline: LambdaEntry = { operation: '_baseline', module: '../scripts/cold-start-baseline', nativeModules: [] };
  const { outdir } = await bundleFunctions('dist/bench-cold-starts', [baseline, ...lambdaEntries]);
  const bundles = lambdaEntries.map(({ operation }) => ({ operation, file: bundleFile(operation, outdir) }));
  const [baseMs = 0, ...initMs] = medianImportMs([
    bundleFile(baseline.operation, outdir),
    ...bundles.map((bundle) => bundle.file),
  ]);
  console.log(
    `\nCold starts: module init in a fresh Node process, median of ${ROUNDS} (floor: ≤ ${RATIO_FLOOR} × baseline)`,
  );
  row('  baseline (DynamoDB document client + GetCommand)', `${ms(baseMs)} ms`);
  const measured = bundles.map((bundle, index) => ({ ...bundle, initMs: initMs[index] ?? 0 }));
  measured.sort((a, b) => b.initMs - a.initMs);
  for (const { operation, initMs: bundleMs } of measured) {
    const ratio = bundleMs / baseMs;
    row(`  ${operation}`, `${ms(bundleMs)} ms  ${ratio.toFixed(2)} ×${ratio > RATIO_FLOOR ? '  over the floor' : ''}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printColdStarts();
