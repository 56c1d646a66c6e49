import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderHeadshotVariants } from '../../functions/adapters/image';
import { HEADSHOT_VARIANTS } from '../../functions/domain/headshot';

const picture = (width: number, height: number, format: 'png' | 'webp' | 'gif' | 'jpeg') =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 0.5 } } })
    .toFormat(format)
    .toBuffer();

describe('renderHeadshotVariants', () => {
  it('crops a landscape picture to square JPEGs of every variant size', async () => {
    const variants = await renderHeadshotVariants(await picture(900, 400, 'png'), HEADSHOT_VARIANTS);
    expect(variants?.map((v) => v.size)).toEqual([64, 128, 256, 512, 200]);
    for (const variant of variants ?? []) {
      const { format, width, height } = await sharp(variant.bytes).metadata();
      expect({ format, width, height }).toEqual({ format: 'jpeg', width: variant.size, height: variant.size });
    }
  });

  it.each(['webp', 'gif', 'jpeg'] as const)('accepts %s', async (format) => {
    expect(await renderHeadshotVariants(await picture(300, 300, format), HEADSHOT_VARIANTS.slice(0, 1))).toHaveLength(
      1,
    );
  });

  it('refuses text, even named .png', async () => {
    expect(await renderHeadshotVariants(Buffer.from('not an image at all'), HEADSHOT_VARIANTS)).toBeNull();
  });

  it('refuses an image type outside the four we take (SVG can carry script)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect(await renderHeadshotVariants(svg, HEADSHOT_VARIANTS)).toBeNull();
  });

  it('refuses a truncated file', async () => {
    const png = await picture(400, 400, 'png');
    expect(await renderHeadshotVariants(png.subarray(0, png.length / 2), HEADSHOT_VARIANTS)).toBeNull();
  });
});
