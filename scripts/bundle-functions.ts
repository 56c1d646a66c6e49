import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { BUNDLE_DIR, bundleFile, esbuildOptions, type LambdaEntry, lambdaEntries } from '../lib/bundling';

export interface BundleSize {
  operation: string;
  bytes: number;
}

export interface Bundles {
  outdir: string;
  sizes: BundleSize[];
  metafile: Metafile;
}

/**
 * Bundles every Lambda with the CDK's bundling definition (lib/bundling.ts) into `outdir`
 * (`<operation>/index.mjs`, as in the deployed asset) and reports each bundle's size. Native
 * modules are left out, as in the asset: there npm installs them for Lambda's platform, and
 * locally Node resolves them from this checkout's node_modules.
 */
export async function bundleFunctions(
  outdir = BUNDLE_DIR,
  entries: readonly LambdaEntry[] = lambdaEntries,
): Promise<Bundles> {
  await rm(outdir, { recursive: true, force: true });
  const { metafile } = await build(esbuildOptions(entries, outdir));
  if (!metafile) throw new Error('esbuild returned no metafile');
  const sizes = entries.map(({ operation }) => {
    const output = metafile.outputs[path.relative(process.cwd(), bundleFile(operation, outdir))];
    if (!output) throw new Error(`esbuild wrote no bundle for ${operation}`);
    return { operation, bytes: output.bytes };
  });
  return { outdir, sizes, metafile };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { sizes } = await bundleFunctions();
  for (const { operation, bytes } of sizes) console.log(`${operation.padEnd(32)} ${(bytes / 1024).toFixed(1)} KiB`);
}
