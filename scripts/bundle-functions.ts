import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { jobs, routes } from '../functions/routes';

export interface BundleSize {
  operation: string;
  bytes: number;
}

const OUT_DIR = 'dist/functions';

/**
 * Bundles every Lambda the way the CDK NodejsFunction does (esbuild, minified, ESM, Node 22, SDK included) into
 * dist/functions, and reports each bundle's size.
 */
export async function bundleFunctions(): Promise<(BundleSize & { file: string })[]> {
  const entries = [
    ...routes.map((r) => ({
      operation: r.operation,
      entry: `functions/handlers/${r.handler}.ts`,
      nativeModules: r.nativeModules ?? [],
    })),
    ...jobs.map((j) => ({ operation: j.operation, entry: `functions/jobs/${j.handler}.ts`, nativeModules: [] })),
  ];
  return Promise.all(entries.map(bundleEntry));
}

/** One Lambda bundle as deployed, into dist/functions/<operation>.mjs. */
export async function bundleEntry({
  operation,
  entry,
  nativeModules,
}: {
  operation: string;
  entry: string;
  nativeModules: readonly string[];
}): Promise<BundleSize & { file: string }> {
  const outfile = path.join(OUT_DIR, `${operation}.mjs`);
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    sourcemap: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    metafile: true,
    // The SDK is bundled, as the CDK functions do (bundleAwsSDK).
    external: [...nativeModules],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  const output = result.metafile.outputs[outfile];
  return { operation, file: outfile, bytes: output?.bytes ?? 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = await bundleFunctions();
  for (const { operation, bytes } of sizes) console.log(`${operation.padEnd(24)} ${(bytes / 1024).toFixed(1)} KiB`);
}
