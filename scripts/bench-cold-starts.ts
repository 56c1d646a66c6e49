import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ms, row } from './bench-support';
import { isPageRoute, routes } from '../functions/routes';
import { bundleFile, type LambdaEntry, lambdaEntries } from '../lib/bundling';
import { bundleFunctions } from '../lib/function-bundles';

/** The goal: each function's module init at most this many times the baseline's... */
const RATIO_FLOOR = 1.5;
/** ...and the page renderers', which load React's server renderer to do their work, at most this many. */
const PAGE_RATIO_FLOOR = 2;
const pageOperations = new Set(routes.filter(isPageRoute).map((route) => route.operation));
const floorOf = (operation: string) => (pageOperations.has(operation) ? PAGE_RATIO_FLOOR : RATIO_FLOOR);
const ROUNDS = 5;

/** Enough configuration for every module to load as in Lambda; nothing is called. */
const LAMBDA_LIKE_ENV = {
  ...process.env,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  TABLE_NAME: 'bench',
  MEDIA_BUCKET: 'bench',
};

interface ImportCost {
  wallMs: number;
  /**
   * CPU time the process spent on the import (all its threads). On this shared two-core machine
   * the wall time mostly measures how long the process waited for a core; the CPU time is the work.
   */
  cpuMs: number;
}

/** What importing one bundle costs in a fresh Node process (the module init a cold start pays). */
function importCost(file: string): ImportCost {
  const url = pathToFileURL(path.resolve(file)).href;
  const script = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(url)});
const wallMs = performance.now() - t; const { user, system } = process.cpuUsage(c);
process.stdout.write(JSON.stringify({ wallMs, cpuMs: (user + system) / 1000 }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: LAMBDA_LIKE_ENV, encoding: 'utf8' }),
  ) as ImportCost;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Median import cost per file over ROUNDS rounds, each importing every file once in turn, so the
 * load other processes put on this shared machine falls on the baseline and the bundles alike.
 */
function medianImportCosts(files: string[]): ImportCost[] {
  const runs = files.map(() => [] as ImportCost[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, file] of files.entries()) runs[index]?.push(importCost(file));
  }
  return runs.map((costs) => ({
    wallMs: median(costs.map((cost) => cost.wallMs)),
    cpuMs: median(costs.map((cost) => cost.cpuMs)),
  }));
}

/** Prints each deployed bundle's module init beside the baseline's, worst first. */
export async function printColdStarts(): Promise<void> {
  // The baseline goes through the same bundling definition as every deployed function.
  const baseline: LambdaEntry = { operation: '_baseline', module: '../scripts/cold-start-baseline', nativeModules: [] };
  const { outdir } = await bundleFunctions('dist/bench-cold-starts', [baseline, ...lambdaEntries]);
  const bundles = lambdaEntries.map(({ operation }) => ({ operation, file: bundleFile(operation, outdir) }));
  const [base = { wallMs: 0, cpuMs: 0 }, ...costs] = medianImportCosts([
    bundleFile(baseline.operation, outdir),
    ...bundles.map((bundle) => bundle.file),
  ]);
  console.log(
    `\nCold starts: module init in a fresh Node process, median of ${ROUNDS}, CPU (wall) (floor: CPU ≤ ${RATIO_FLOOR} × baseline, page renderers ≤ ${PAGE_RATIO_FLOOR} ×)`,
  );
  const cost = ({ cpuMs, wallMs }: ImportCost) => `${ms(cpuMs)} (${ms(wallMs)}) ms`;
  row('  baseline (DynamoDB document client + GetCommand)', cost(base));
  const measured = bundles.map((bundle, index) => ({ ...bundle, ...(costs[index] ?? base) }));
  measured.sort((a, b) => b.cpuMs - a.cpuMs);
  for (const bundle of measured) {
    const ratio = bundle.cpuMs / base.cpuMs;
    const wallRatio = bundle.wallMs / base.wallMs;
    const floor = floorOf(bundle.operation);
    row(
      `  ${bundle.operation}`,
      `${cost(bundle)}  ${ratio.toFixed(2)} × (${wallRatio.toFixed(2)} ×)  floor ${floor} ×${ratio > floor ? '  over the floor' : ''}`,
    );
  }
  const over = measured.filter((bundle) => bundle.cpuMs / base.cpuMs > floorOf(bundle.operation));
  console.log(
    `  ${over.length} of ${measured.length} over their floor.\n` +
      '  Bound: code behind import() is in chunks read on first use (lib/bundling.ts: the profanity filter is read by the\n' +
      '  first accepted report or review of an instance, about 40 ms of CPU then, not at init), the schemas use zod/mini, no X-Ray\n' +
      "  SDK (functions/runtime/dependency-latency.ts), S3 through the SDK's signer, not the S3 client (adapters/s3-bucket.ts),\n" +
      "  React's legacy server renderer only (lib/bundling.ts), and no module formats with ICU at import. What is left is\n" +
      "  what those functions run on every request: React's renderer, React Router, TanStack Query and the SPA's route code\n" +
      "  (page functions); Cognito's client (register, createMe); luxon and the booking rules (createSession, rescheduleSession,\n" +
      "  getExternalEvent, listCoachSlots); and in every function middy (it loads Node's web streams) and Powertools.\n" +
      '  On a loaded machine the functions near 1.4 x cross 1.5 x by noise (see the wall ratio): measure on a quiet one.',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await printColdStarts();
