import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build, buildSync, type Metafile } from 'esbuild';
import { jobModule, jobs, routeModule, routes } from '../functions/routes';

/**
 * How every Lambda is bundled, in one place: the CDK functions (lib/lambda-code.ts) and
 * `npm run build` / `npm run bench` (lib/function-bundles.ts) both run esbuild with
 * `esbuildOptions`, one run per function into that function's own directory, and the local stack
 * can run what the build wrote (API_FROM_BUNDLES=1).
 */
export const LAMBDA_BUNDLING = {
  platform: 'node',
  /** Lambda's runtime, nodejs22.x. */
  target: 'node22',
  format: 'esm',
  // ESM builds of dependencies first: smaller, and what the functions were sized with.
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: true,
  // Code behind import() (Stripe, SES, Scheduler, sharp: functions/adapters/on-first-use.ts) goes
  // into chunks that Node reads only on first use; in one file it would be parsed at every cold start.
  splitting: true,
  // CommonJS dependencies inside an ESM bundle still call require(); every chunk gets its own.
  banner:
    "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  // Lambda sets no NODE_ENV, so libraries that choose their build by it at run time (React, which the
  // page functions render with) would run their development builds; fixed here, the others drop out.
  define: { 'process.env.NODE_ENV': '"production"' },
  // The page functions call only renderToString, which react-dom/server takes from React's legacy
  // renderer; the entry also loads the streaming renderer, which doubled react-dom in their init.
  alias: {
    'react-dom/server': path.join(
      path.dirname(createRequire(import.meta.url).resolve('react-dom/package.json')),
      'cjs/react-dom-server-legacy.node.production.js',
    ),
  },
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

/** The consumer of the table's stream that keeps the directory snapshot current (lib/directory-snapshot.ts). */
export const directoryRebuildEntry: LambdaEntry = {
  operation: 'rebuildDirectorySnapshot',
  module: 'streams/rebuild-directory-snapshot',
  nativeModules: [],
};

/** The consumer of the jobs' dead-letter queue that keeps each as a dead letter (lib/dead-letters.ts). */
export const deadLetterKeeperEntry: LambdaEntry = {
  operation: 'keepDeadLetters',
  module: 'streams/keep-dead-letters',
  nativeModules: [],
};

/** Secrets Manager's rotation function of the origin secret (lib/origin-secret-rotation.ts). */
export const originSecretRotationEntry: LambdaEntry = {
  operation: 'rotateOriginSecret',
  module: 'jobs/rotate-origin-secret',
  nativeModules: [],
};

/** The Lambda@Edge function on the page behaviours' origin responses (lib/page-fallback.ts). */
export const pageFallbackEntry: LambdaEntry = {
  operation: 'pageFallback',
  module: 'handlers/page-fallback-edge',
  nativeModules: [],
};

/** Every route's handler, every scheduled job, the stream consumer, the rotation and the page fallback: one Lambda each. */
export const lambdaEntries: readonly LambdaEntry[] = [
  ...routes.map((route) => ({
    operation: route.operation,
    module: routeModule(route),
    nativeModules: route.nativeModules ?? [],
  })),
  ...jobs.map((job) => ({ operation: job.operation, module: jobModule(job), nativeModules: [] })),
  directoryRebuildEntry,
  deadLetterKeeperEntry,
  originSecretRotationEntry,
  pageFallbackEntry,
];

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export const entryFile = (module: string) => path.join(PROJECT_ROOT, 'functions', `${module}.ts`);

/** Where `npm run build` writes the bundles: one directory per operation, the layout of its CDK asset. */
export const BUNDLE_DIR = path.join(PROJECT_ROOT, 'dist', 'functions');

const ENTRY_NAME = 'index';
/** The module Lambda loads; its chunks lie beside it under chunks/. */
export const BUNDLE_ENTRY = `${ENTRY_NAME}.mjs`;
/** The function's handler setting: `handler` exported by BUNDLE_ENTRY. */
export const LAMBDA_HANDLER = `${ENTRY_NAME}.handler`;

export const bundleFile = (operation: string, outdir = BUNDLE_DIR) => path.join(outdir, operation, BUNDLE_ENTRY);

/**
 * esbuild options that bundle one Lambda into `functionDir`: `index.mjs`, the chunks it imports
 * (statically, or on first use) and their source maps, and nothing any other function needs.
 * Native modules stay external. The AWS SDK is bundled: the functions run the versions the tests ran.
 */
export function esbuildOptions(entry: LambdaEntry, functionDir: string): BuildOptions {
  const { platform, target, format, mainFields, minify, sourcemap, splitting, banner, define, alias } = LAMBDA_BUNDLING;
  return {
    entryPoints: [{ in: entryFile(entry.module), out: ENTRY_NAME }],
    outdir: functionDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform,
    target,
    format,
    mainFields: [...mainFields],
    minify,
    sourcemap,
    splitting,
    banner: { js: banner },
    define: { ...define },
    alias: { ...alias },
    external: [...entry.nativeModules],
    metafile: true,
    logLevel: 'warning',
  };
}

/** Test code, the handler test kit (README, "Testing one handler") among it: never part of a function. */
const TEST_CODE = /(^|\/)tests\//;

const metafileOf = (result: { metafile?: Metafile }, entry: LambdaEntry): Metafile => {
  if (!result.metafile) throw new Error(`esbuild returned no metafile for ${entry.operation}`);
  const testCode = Object.keys(result.metafile.inputs).filter((input) => TEST_CODE.test(input));
  if (testCode.length > 0) {
    throw new Error(`${entry.operation} imports test code, which no bundle may hold: ${testCode.join(', ')}`);
  }
  return result.metafile;
};

/** Bundles one Lambda into `functionDir` (see esbuildOptions). */
export async function bundleLambda(entry: LambdaEntry, functionDir: string): Promise<Metafile> {
  return metafileOf(await build(esbuildOptions(entry, functionDir)), entry);
}

/** The same, blocking: CDK's local bundling (lib/lambda-code.ts) must finish before it returns. */
export function bundleLambdaSync(entry: LambdaEntry, functionDir: string): Metafile {
  return metafileOf(buildSync(esbuildOptions(entry, functionDir)), entry);
}
