import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';
import { jobs, routes } from '../functions/routes';

/**
 * How every Lambda is bundled, in one place: the CDK functions (lib/api.ts) hand it to
 * NodejsFunction, `npm run build` and `npm run bench` (scripts/bundle-functions.ts) hand it to
 * esbuild, and the local stack can run what that build wrote (API_FROM_BUNDLES=1).
 */
export const LAMBDA_BUNDLING = {
  platform: 'node',
  /** Lambda's runtime, nodejs22.x. */
  target: 'node22',
  format: 'esm',
  // ESM builds of dependencies first: smaller, and what the CDK functions were sized with.
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  // CommonJS dependencies inside an ESM bundle still call require().
  banner:
    "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  /** Where npm installs the native modules (sharp) for the deployed asset: Lambda's arm64 Linux. */
  nativePlatform: { os: 'linux', cpu: 'arm64', libc: 'glibc' },
} as const;

/** One Lambda: its operation name (route table) and its entry module under functions/. */
export interface LambdaEntry {
  operation: string;
  /** Relative to functions/, without extension. */
  module: string;
  /** Installed beside the bundle instead of bundled (native binaries); see Route.nativeModules. */
  nativeModules: readonly string[];
}

/** Every route's handler and every scheduled job: one Lambda each. */
export const lambdaEntries: readonly LambdaEntry[] = [
  ...routes.map((route) => ({
    operation: route.operation,
    module: `handlers/${route.handler}`,
    nativeModules: route.nativeModules ?? [],
  })),
  ...jobs.map((job) => ({ operation: job.operation, module: `jobs/${job.handler}`, nativeModules: [] })),
];

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const entryFile = (module: string) => path.join(ROOT, 'functions', `${module}.ts`);

/** Where `npm run build` writes the bundles: `<operation>/index.mjs`, the layout of a CDK asset. */
export const BUNDLE_DIR = path.join(ROOT, 'dist', 'functions');

export const bundleFile = (operation: string, outdir = BUNDLE_DIR) => path.join(outdir, operation, 'index.mjs');

/**
 * esbuild options that bundle `entries` into `outdir` as the CDK does, one esbuild run for all
 * (shared modules are parsed once). Native modules stay external; only their own entry imports them.
 */
export function esbuildOptions(entries: readonly LambdaEntry[], outdir = BUNDLE_DIR): BuildOptions {
  const { platform, target, format, mainFields, minify, sourcemap, banner } = LAMBDA_BUNDLING;
  return {
    entryPoints: entries.map(({ operation, module }) => ({ in: entryFile(module), out: `${operation}/index` })),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform,
    target,
    format,
    mainFields: [...mainFields],
    minify,
    sourcemap,
    banner: { js: banner },
    // The AWS SDK is bundled too, as the CDK functions do (bundleAwsSDK).
    external: [...new Set(entries.flatMap((entry) => entry.nativeModules))],
    metafile: true,
    logLevel: 'warning',
  };
}
