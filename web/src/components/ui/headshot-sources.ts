import { HEADSHOT_VARIANTS, type HeadshotSize, headshotVariantUrl } from '@functions/domain/headshot';

/** The stored square crops, smallest first ('default' is the spec's 200 px copy, kept out of srcset). */
const SQUARE_SIZES = HEADSHOT_VARIANTS.filter((variant) => variant.name !== 'default')
  .map((variant) => variant.size)
  .sort((a, b) => a - b) as HeadshotSize[];

/**
 * What an <img> shown `displaySize` CSS pixels wide needs: every stored crop in `srcset` (the
 * browser picks by its pixel density), and as `src` the smallest crop that fills the box at 2x.
 */
export function headshotSources(headshotUrl: string, displaySize: number) {
  const fallback = SQUARE_SIZES.find((size) => size >= displaySize * 2) ?? SQUARE_SIZES.at(-1)!;
  return {
    src: headshotVariantUrl(headshotUrl, fallback),
    srcSet: SQUARE_SIZES.map((size) => `${headshotVariantUrl(headshotUrl, size)} ${size}w`).join(', '),
    sizes: `${displaySize}px`,
  };
}
