/**
 * Renders the headshot variants of one image file in a process of its own and prints what it
 * took, so a test can read the peak memory of exactly one rendering (tests/unit/headshot-image.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { renderHeadshotVariants } from '../../functions/adapters/image';
import { HEADSHOT_VARIANTS } from '../../functions/domain/headshot';

const image = await readFile(process.argv[2] as string);
const startedAt = performance.now();
const rendering = await renderHeadshotVariants(image, HEADSHOT_VARIANTS);
console.log(
  JSON.stringify({
    outcome: 'refused' in rendering ? rendering.refused : rendering.variants.map((variant) => variant.size),
    elapsedMs: Math.round(performance.now() - startedAt),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
