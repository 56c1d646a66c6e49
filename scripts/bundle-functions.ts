import { currentBundles } from '../lib/function-bundles';

/** `npm run build`'s Lambda half: every function bundled into dist/functions (lib/function-bundles.ts), and its sizes. */
const { functions } = await currentBundles();
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
for (const { operation, initBytes, totalBytes } of functions) {
  console.log(`${operation.padEnd(32)} init ${kib(initBytes).padStart(10)}, all ${kib(totalBytes).padStart(10)}`);
}
