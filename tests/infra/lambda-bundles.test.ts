import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdkBundling, OperationFunction } from '../../lib/api';
import { bundleFile, LAMBDA_BUNDLING, lambdaEntries } from '../../lib/bundling';
import { type Bundles, bundleFunctions } from '../../scripts/bundle-functions';

/** What only the local stack's stand-ins hold: their pages, their table keys, their signing secret. */
const STAND_IN_MARKERS = ['/_local/', 'LOCALSTRIPE#', 'LOCALCALENDLY#', 'LOCAL_STRIPE_WEBHOOK_SECRET', 'whsec_local'];
const BUILD_TIMEOUT_MS = 300_000;

let dir: string;
let bundles: Bundles;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pm-bundles-'));
  bundles = await bundleFunctions(path.join(dir, 'functions'));
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the deployed Lambda bundles', () => {
  it('are built for every route and job', () => {
    expect(bundles.sizes.map((size) => size.operation)).toEqual(lambdaEntries.map((entry) => entry.operation));
    for (const { operation, bytes } of bundles.sizes) expect(bytes, operation).toBeGreaterThan(0);
  });

  it('hold nothing of the local stack: no module from bin/, tests/ or scripts/, no stand-in marker', async () => {
    const foreignInputs = Object.entries(bundles.metafile.outputs).flatMap(([output, { inputs }]) =>
      Object.keys(inputs)
        .filter((input) => /(^|\/)(bin|tests|scripts)\//.test(input))
        .map((input) => `${output} <- ${input}`),
    );
    expect(foreignInputs).toEqual([]);
    const markersFound: string[] = [];
    for (const { operation } of bundles.sizes) {
      const code = await readFile(bundleFile(operation, bundles.outdir), 'utf8');
      for (const marker of STAND_IN_MARKERS) if (code.includes(marker)) markersFound.push(`${operation}: ${marker}`);
    }
    expect(markersFound).toEqual([]);
  });

  it('leave native modules out, to be installed for Lambda’s platform', () => {
    const withNative = lambdaEntries.filter((entry) => entry.nativeModules.length > 0);
    expect(withNative.map((entry) => entry.operation)).toContain('attachHeadshot');
    for (const entry of withNative) {
      const output =
        bundles.metafile.outputs[path.relative(process.cwd(), bundleFile(entry.operation, bundles.outdir))];
      const imported = output?.imports.filter((i) => i.external).map((i) => i.path) ?? [];
      expect(imported).toEqual(expect.arrayContaining([...entry.nativeModules]));
      expect(cdkBundling(entry.nativeModules)).toMatchObject({
        nodeModules: [...entry.nativeModules],
        environment: { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc' },
      });
    }
    expect(LAMBDA_BUNDLING.nativePlatform.cpu).toBe('arm64');
  });

  it(
    'are byte for byte what the CDK bundles for the same function',
    async () => {
      const operation = 'getCoach';
      const entry = lambdaEntries.find((candidate) => candidate.operation === operation);
      if (!entry) throw new Error(`${operation} is not in the route table`);
      const outdir = path.join(dir, 'cdk.out');
      const app = new App({ outdir });
      const stack = new Stack(app, 'BundlingUnderTest', { env: { region: 'us-east-1' } });
      new OperationFunction(stack, operation, {
        module: entry.module,
        environment: {},
        logs: { retention: RetentionDays.ONE_DAY, removalPolicy: RemovalPolicy.DESTROY },
      });
      app.synth();
      const assets = (await readdir(outdir)).filter((name) => name.startsWith('asset.'));
      expect(assets).toHaveLength(1);
      const fromCdk = await readFile(path.join(outdir, assets[0] as string, 'index.mjs'), 'utf8');
      expect(fromCdk).toBe(await readFile(bundleFile(operation, bundles.outdir), 'utf8'));
    },
    BUILD_TIMEOUT_MS,
  );
});
