import { HEADSHOT_MAX_PIXELS, type HeadshotRendering, type HeadshotVariant } from '../domain/headshot';
import { onFirstUse } from './on-first-use';

/** The decoders behind the upload's allowed content types (domain/headshot.ts). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** sharp (native, and the largest load of its function) loads with the first upload, not in the cold start. */
const sharpLoaded = onFirstUse(async () => (await import('sharp')).default);

/**
 * Square cover crops as JPEG at each variant's quality, turned upright by the photo's EXIF
 * orientation, transparency on white. The header is read first, so a file that is not an image we
 * accept, or claims more pixels than the cap, is refused before anything is decoded. The upload is
 * decoded once, into the largest variant; the smaller ones are made one after another from that
 * small buffer, so memory stays near one decode whatever the number of variants.
 */
export async function renderHeadshotVariants(
  image: Buffer,
  variants: readonly HeadshotVariant[],
): Promise<HeadshotRendering> {
  // Outside the try: a sharp that cannot load is our fault, not a sign that the upload is no image.
  const sharp = await sharpLoaded();
  try {
    const { format, width, height } = await sharp(image).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format) || !width || !height) return { refused: 'not_an_image' };
    if (width * height > HEADSHOT_MAX_PIXELS) return { refused: 'too_many_pixels' };
    const side = Math.max(...variants.map((variant) => variant.size));
    // Streams the decode (no whole-canvas copy) and stops at the pixel cap even if the header lied.
    const { data, info } = await sharp(image, { limitInputPixels: HEADSHOT_MAX_PIXELS, sequentialRead: true })
      .rotate()
      .resize(side, side, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rendered = [];
    for (const { size, quality } of variants) {
      const bytes = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .resize(size, size)
        .jpeg({ quality, mozjpeg: true })
        .toBuffer();
      rendered.push({ size, bytes });
    }
    return { variants: rendered };
  } catch {
    return { refused: 'not_an_image' };
  }
}
