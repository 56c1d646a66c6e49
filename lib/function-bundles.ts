import { availableParallelism } from 'node:os';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { BUNDLE_DIR, bundleFile, bundleLambda, type LambdaEntry, lambdaEntries, PROJECT_ROOT } from './bundling';
import { builtOnce } from './build-record';

export interface FunctionBundle {
  operation: string;
  /** The function's directory, laid out as its deployed asset: index.mjs, chunks/, source maps. */
  dir: string;
  /** What Node reads at init: index.mjs and the chunks it imports statically, source maps aside. */
  initBytes: number;
  /** Every file of code, the chunks loaded on first use included. */
  totalBytes: number;
  metafile: Metafile;
}

export interface Bundles {
  outdir: string;
  functions: FunctionBundle[];
}

/**
 * Bundles every Lambda with the CDK's bundling definition (lib/bundling.ts) into
 * `outdir/<operation>/`, one esbuild run per function as the CDK does, and reports each one's
 * sizes. Native modules are left out: in the asset npm installs them for Lambda's platform
 * (lib/lambda-code.ts), and locally Node resolves them from this checkout's node_modules.
 */
export async function bundleFunctions(
  outdir = BUNDLE_DIR,
  entries: readonly LambdaEntry[] = lambdaEntries,
): Promise<Bundles> {
  await rm(outdir, { recursive: true, force: true });
  const functions: FunctionBundle[] = [];
  // A few esbuild runs at a time: each already uses every core, and all at once would hold every bundle in memory.
  const queue = [...entries];
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const dir = path.join(outdir, entry.operation);
      const metafile = await bundleLambda(entry, dir);
      functions.push({
        operation: entry.operation,
        dir,
        ...codeSizes(metafile, bundleFile(entry.operation, outdir)),
        metafile,
      });
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  const order = entries.map((entry) => entry.operation);
  functions.sort((a, b) => order.indexOf(a.operation) - order.indexOf(b.operation));
  return { outdir, functions };
}

/** What the bundles are made from: the functions, the SPA the page functions render, how they are bundled, and the locked packages. */
const BUNDLE_INPUTS = ['functions', 'web/src', 'lib/bundling.ts', 'package-lock.json', 'tsconfig.json'].map((input) =>
  path.join(PROJECT_ROOT, input),
);

/** The bundles in dist/functions, built again only when what they are made from changed. */
export function currentBundles(): Promise<Bundles> {
  return builtOnce(BUNDLE_DIR, BUNDLE_INPUTS, () => bundleFunctions());
}

/** The outputs Node reads at init: the entry and the chunks it imports statically, transitively. */
export function initOutputs(metafile: Metafile, entryFile: string): Set<string> {
  const loaded = new Set<string>();
  const load = (output: string) => {
    if (loaded.has(output)) return;
    loaded.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) load(imported.path);
    }
  };
  const entry = path.relative(process.cwd(), entryFile);
  if (!metafile.outputs[entry]) throw new Error(`esbuild wrote no ${entry}`);
  load(entry);
  return loaded;
}

/** Sizes of the code in one function's metafile: what its init imports statically, and everything. */
function codeSizes(metafile: Metafile, entryFile: string): Pick<FunctionBundle, 'initBytes' | 'totalBytes'> {
  const bytes = (files: Iterable<string>) =>
    [...files].reduce((sum, file) => sum + (metafile.outputs[file]?.bytes ?? 0), 0);
  const code = Object.keys(metafile.outputs).filter((output) => !output.endsWith('.map'));
  return { initBytes: bytes(initOutputs(metafile, entryFile)), totalBytes: bytes(code) };
}
