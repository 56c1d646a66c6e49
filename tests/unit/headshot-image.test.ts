import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHeadshotVariants } from '../../functions/adapters/image';
import { HEADSHOT_MAX_PIXELS, HEADSHOT_VARIANTS } from '../../functions/domain/headshot';

const picture = (width: number, height: number, format: 'png' | 'webp' | 'gif' | 'jpeg') =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 0.5 } } })
    .toFormat(format)
    .toBuffer();

const sizesOf = (rendering: Awaited<ReturnType<typeof renderHeadshotVariants>>) =>
  'variants' in rendering ? rendering.variants.map((variant) => variant.size) : rendering.refused;

describe('renderHeadshotVariants', () => {
  it('crops a landscape picture to square JPEGs of every variant size', async () => {
    const rendering = await renderHeadshotVariants(await picture(900, 400, 'png'), HEADSHOT_VARIANTS);
    expect(sizesOf(rendering)).toEqual([64, 128, 256, 512, 200]);
    for (const variant of 'variants' in rendering ? rendering.variants : []) {
      const { format, width, height } = await sharp(variant.bytes).metadata();
      expect({ format, width, height }).toEqual({ format: 'jpeg', width: variant.size, height: variant.size });
    }
  });

  it.each(['webp', 'gif', 'jpeg'] as const)('accepts %s', async (format) => {
    expect(
      sizesOf(await renderHeadshotVariants(await picture(300, 300, format), HEADSHOT_VARIANTS.slice(0, 1))),
    ).toEqual([64]);
  });

  it('refuses text, even named .png', async () => {
    expect(await renderHeadshotVariants(Buffer.from('not an image at all'), HEADSHOT_VARIANTS)).toEqual({
      refused: 'not_an_image',
    });
  });

  it('refuses an image type outside the four we take (SVG can carry script)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await renderHeadshotVariants(svg, HEADSHOT_VARIANTS)).toEqual({ refused: 'not_an_image' });
  });

  it('refuses a truncated file', async () => {
    const png = await picture(400, 400, 'png');
    expect(await renderHeadshotVariants(png.subarray(0, png.length / 2), HEADSHOT_VARIANTS)).toEqual({
      refused: 'not_an_image',
    });
  });
});

/** The function has 512 MB; one rendering (Node, sharp and the decode together) must stay well under half. */
const PEAK_MEMORY_CEILING_MB = 256;

// Each case writes a PNG of tens of megapixels and starts a Node process: slower than the unit default.
describe('renderHeadshotVariants on large-dimension PNGs (a few hundred KB each)', { timeout: 60_000 }, () => {
  let folder: string;
  const plainPng = async (width: number, height: number) => {
    const path = join(folder, `${width}x${height}.png`);
    const png = await sharp({ create: { width, height, channels: 3, background: '#88aacc' } })
      .png()
      .toBuffer();
    await writeFile(path, png);
    return path;
  };
  /** Renders in a fresh process, so its peak memory is this rendering's alone. */
  const probe = async (path: string) => {
    const script = join(import.meta.dirname, '../support/headshot-probe.ts');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, path]);
    return JSON.parse(stdout) as { outcome: unknown; elapsedMs: number; peakRssMb: number };
  };

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'headshot-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('renders every variant of a picture at the pixel cap within a fraction of the memory', async () => {
    const side = Math.floor(Math.sqrt(HEADSHOT_MAX_PIXELS));
    const result = await probe(await plainPng(side, side));
    console.info(`headshot ${side}×${side} PNG: ${result.elapsedMs} ms, peak RSS ${result.peakRssMb} MB`);
    expect(result.outcome).toEqual([64, 128, 256, 512, 200]);
    expect(result.peakRssMb).toBeLessThan(PEAK_MEMORY_CEILING_MB);
  });

  it('refuses a 49-megapixel picture from its header, before decoding it', async () => {
    const result = await probe(await plainPng(7000, 7000));
    expect(result.outcome).toBe('too_many_pixels');
    expect(result.peakRssMb).toBeLessThan(PEAK_MEMORY_CEILING_MB);
  });
});
