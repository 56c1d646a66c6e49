import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationFunction } from '../../lib/api';
import {
  BUNDLE_DIR,
  BUNDLE_ENTRY,
  bundleFile,
  bundleLambda,
  LAMBDA_BUNDLING,
  LAMBDA_HANDLER,
  lambdaEntries,
} from '../../lib/bundling';
import { type Bundles, currentBundles, initOutputs } from '../../lib/function-bundles';

/** What only the local stack's stand-ins hold: their pages, their table keys, their signing secret. */
const STAND_IN_MARKERS = ['/_local/', 'LOCALSTRIPE#', 'LOCAL_STRIPE_WEBHOOK_SECRET', 'whsec_local'];
const BUILD_TIMEOUT_MS = 300_000;
/** What npm writes beside the bundle when it installs a function's native modules. */
const NATIVE_INSTALL = ['package.json', 'package-lock.json', 'node_modules'];

let dir: string;
let bundles: Bundles;

beforeAll(async () => {
  // The bundles the browser and smoke tests run (dist/functions), built here unless current.
  bundles = await currentBundles();
  // Beside dist/functions, as deep: esbuild writes source paths relative to the output, so the CDK's
  // bundling folder (<dir>/bundling-temp-…) must sit as far from the sources as the bundles.
  dir = await mkdtemp(path.join(BUNDLE_DIR, '..', 'bundles-test-'));
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const bundleOf = (operation: string) => {
  const bundle = bundles.functions.find((candidate) => candidate.operation === operation);
  if (!bundle) throw new Error(`No bundle for ${operation}`);
  return bundle;
};

/** Every file under `root` (relative path → SHA-256), leaving out the top-level names in `except`. */
async function fileHashes(root: string, except: readonly string[] = []): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.relative(root, path.join(entry.parentPath, entry.name));
    if (except.includes(file.split(path.sep)[0] as string)) continue;
    hashes.set(
      file,
      createHash('sha256')
        .update(await readFile(path.join(root, file)))
        .digest('hex'),
    );
  }
  return new Map([...hashes].sort(([a], [b]) => a.localeCompare(b)));
}

describe('the deployed Lambda bundles', () => {
  it('are built for every route and job, each in its own directory', () => {
    expect(bundles.functions.map((bundle) => bundle.operation)).toEqual(lambdaEntries.map((entry) => entry.operation));
    for (const { operation, dir: functionDir, initBytes } of bundles.functions) {
      expect(functionDir).toBe(path.dirname(bundleFile(operation, bundles.outdir)));
      expect(initBytes, operation).toBeGreaterThan(0);
    }
  });

  it('write only into their own directory, so each asset holds exactly what its function loads', () => {
    for (const { operation, dir: functionDir, metafile } of bundles.functions) {
      const outside = Object.keys(metafile.outputs).filter(
        (output) => !path.resolve(output).startsWith(`${functionDir}${path.sep}`),
      );
      expect(outside, operation).toEqual([]);
    }
  });

  it('load the SDKs that only some paths use on first use, from chunks', () => {
    const { metafile, initBytes, totalBytes } = bundleOf('stripeWebhook');
    const atInit = initOutputs(metafile, bundleFile('stripeWebhook', bundles.outdir));
    const holdingStripe = Object.entries(metafile.outputs)
      .filter(([, { inputs }]) => Object.keys(inputs).some((input) => input.includes('node_modules/stripe/')))
      .map(([output]) => output);
    expect(holdingStripe.length).toBeGreaterThan(0);
    expect(holdingStripe.filter((output) => atInit.has(output))).toEqual([]);
    expect(initBytes).toBeLessThan(totalBytes);
  });

  it('hold nothing of the local stack: no module from bin/, tests/ (the test kit among them) or scripts/, no stand-in marker', async () => {
    const foreignInputs = bundles.functions.flatMap(({ metafile }) =>
      Object.entries(metafile.outputs).flatMap(([output, { inputs }]) =>
        Object.keys(inputs)
          .filter((input) => /(^|\/)(bin|tests|scripts)\//.test(input))
          .map((input) => `${output} <- ${input}`),
      ),
    );
    expect(foreignInputs).toEqual([]);
    const markersFound: string[] = [];
    for (const { metafile } of bundles.functions) {
      for (const output of Object.keys(metafile.outputs).filter((file) => file.endsWith('.mjs'))) {
        const code = await readFile(output, 'utf8');
        for (const marker of STAND_IN_MARKERS) if (code.includes(marker)) markersFound.push(`${output}: ${marker}`);
      }
    }
    expect(markersFound).toEqual([]);
  });

  it('cannot be built from a module that imports the handler test kit', async () => {
    const importsTestKit = {
      operation: 'importsTestKit',
      module: '../tests/fixtures/imports-test-kit',
      nativeModules: [],
    };
    await expect(bundleLambda(importsTestKit, path.join(dir, 'refused'))).rejects.toThrow(
      /importsTestKit imports test code, which no bundle may hold: .*tests\/support\/handler-kit\/http-event\.ts/,
    );
  });

  it('leave native modules out, to be installed for Lambda’s platform', () => {
    const withNative = lambdaEntries.filter((entry) => entry.nativeModules.length > 0);
    expect(withNative.map((entry) => entry.operation)).toContain('attachHeadshot');
    for (const entry of withNative) {
      const imported = Object.values(bundleOf(entry.operation).metafile.outputs).flatMap(({ imports }) =>
        imports.filter((i) => i.external).map((i) => i.path),
      );
      expect(imported).toEqual(expect.arrayContaining([...entry.nativeModules]));
    }
    expect(LAMBDA_BUNDLING.nativePlatform).toEqual({ os: 'linux', cpu: 'arm64', libc: 'glibc' });
  });

  it(
    'are file for file what the CDK deploys for the same functions, native modules installed for linux-arm64 beside them',
    async () => {
      const operations = ['getCoach', 'stripeWebhook', 'attachHeadshot'];
      const app = new App({ outdir: dir });
      const stack = new Stack(app, 'BundlingUnderTest', { env: { region: 'us-east-1' } });
      const functions = operations.map((operation) => {
        const entry = lambdaEntries.find((candidate) => candidate.operation === operation);
        if (!entry) throw new Error(`${operation} is not in the route table`);
        return new OperationFunction(stack, operation, {
          module: entry.module,
          nativeModules: entry.nativeModules,
          environment: {},
          logs: { retention: RetentionDays.ONE_DAY, removalPolicy: RemovalPolicy.DESTROY },
        });
      });
      const assembly = app.synth();
      const template = assembly.getStackByName(stack.stackName).template as {
        Resources: Record<string, { Properties: { Handler: string; Code: { S3Key: string } } }>;
      };
      for (const [index, operation] of operations.entries()) {
        const logicalId = stack.getLogicalId(functions[index]?.node.defaultChild as never);
        const properties = template.Resources[logicalId]?.Properties;
        expect(properties?.Handler).toBe(LAMBDA_HANDLER);
        const assetDir = path.join(dir, `asset.${path.parse(properties?.Code.S3Key ?? '').name}`);
        const built = await fileHashes(bundleOf(operation).dir);
        expect(built.has(BUNDLE_ENTRY)).toBe(true);
        expect(await fileHashes(assetDir, NATIVE_INSTALL), operation).toEqual(built);

        const native = lambdaEntries.find((entry) => entry.operation === operation)?.nativeModules ?? [];
        const installed = await readdir(assetDir);
        if (native.length === 0) {
          expect(
            installed.filter((name) => NATIVE_INSTALL.includes(name)),
            operation,
          ).toEqual([]);
          continue;
        }
        const manifest = JSON.parse(await readFile(path.join(assetDir, 'package.json'), 'utf8'));
        expect(Object.keys(manifest.dependencies)).toEqual(native);
        const platformPackages = await readdir(path.join(assetDir, 'node_modules', '@img'));
        expect(platformPackages).toEqual(expect.arrayContaining(['sharp-linux-arm64', 'sharp-libvips-linux-arm64']));
        expect(platformPackages.filter((name) => /x64|darwin|win32|musl/.test(name))).toEqual([]);
      }
    },
    BUILD_TIMEOUT_MS,
  );
});
