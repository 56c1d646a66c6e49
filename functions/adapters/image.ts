import type { HeadshotVariant, RenderedVariant } from '../domain/headshot';

/** The decoders behind the upload's allowed content types (domain/headshot.ts). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * A 5 MB file can still claim a huge canvas (a decompression bomb); this is a 48-megapixel phone
 * photo with room to spare, and well within the function's memory.
 */
const MAX_INPUT_PIXELS = 50_000_000;

/** sharp (native) loads with the first image, not with the module. */
const open = async (image: Buffer) => {
  const { default: sharp } = await import('sharp');
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS });
};

/**
 * Square cover crops as JPEG at each variant's quality, turned upright by the photo's EXIF
 * orientation, transparency on white; null when the bytes are not a whole image we accept,
 * whatever the upload claimed to be.
 */
export async function renderHeadshotVariants(
  image: Buffer,
  variants: readonly HeadshotVariant[],
): Promise<RenderedVariant[] | null> {
  try {
    const { format } = await (await open(image)).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) return null;
    return await Promise.all(
      variants.map(async ({ size, quality }) => ({
        size,
        bytes: await (await open(image))
          .rotate()
          .resize(size, size, { fit: 'cover' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality, mozjpeg: true })
          .toBuffer(),
      })),
    );
  } catch {
    return null;
  }
}
