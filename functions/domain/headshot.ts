import type { MediaStore } from './ports';
import type { UploadPolicy } from './ports';
import { type ProfileItem, profileNotFound } from './profile-item';
import type { ProfileStore } from './ports';
import { DomainError } from './errors';

/** Spec section 5 'Headshot': images only, at most 5 MB. */
export const HEADSHOT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type HeadshotContentType = (typeof HEADSHOT_CONTENT_TYPES)[number];
export const MAX_HEADSHOT_BYTES = 5 * 1024 * 1024;
export const INVALID_FILE_TYPE_MESSAGE = 'Please select an image file.';
export const FILE_TOO_LARGE_MESSAGE = 'Please select an image smaller than 5MB.';
/**
 * A 5 MB file can still claim a huge canvas (a decompression bomb: a plain 7000 × 7000 PNG is a
 * few hundred KB). 25 megapixels covers a 24-megapixel camera photo, which is about what fits in
 * 5 MB as a JPEG, and keeps one decode well inside the function's memory and time.
 */
export const HEADSHOT_MAX_PIXELS = 25_000_000;
export const TOO_MANY_PIXELS_MESSAGE = 'Please select an image of at most 25 megapixels (for example 5000 × 5000).';

/** A browser gets this long to start the upload it was granted. */
export const UPLOAD_EXPIRES_SECONDS = 5 * 60;

/** Square cover crops, stored as JPEG (spec section 9 'Image sizes'). */
export const HEADSHOT_VARIANTS = [
  { name: 'thumbnail', size: 64, quality: 80 },
  { name: 'small', size: 128, quality: 80 },
  { name: 'medium', size: 256, quality: 85 },
  { name: 'large', size: 512, quality: 90 },
  { name: 'default', size: 200, quality: 80 },
] as const;
export type HeadshotVariant = (typeof HEADSHOT_VARIANTS)[number];
export type HeadshotSize = HeadshotVariant['size'];

/** `headshotUrl` names this variant; the others differ only in the size (see headshotVariantUrl). */
const PROFILE_URL_SIZE: HeadshotSize = 256;

const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Uploads land outside `media/`, so nothing is public before the server has checked it. */
const uploadFolder = (userId: string) => `uploads/${userId}/`;

const userHeadshotsFolder = (userId: string) => `media/headshots/${userId}/`;

/** Each attached image gets its own folder, so its URLs never change and can be cached forever. */
const headshotFolder = (userId: string, version: string) => `${userHeadshotsFolder(userId)}${version}/`;

export const headshotVariantKey = (userId: string, version: string, size: HeadshotSize) =>
  `${headshotFolder(userId, version)}${size}.jpg`;

/** CloudFront serves `/media/*` from the keys under `media/`, so a key's public path is the key itself. */
const publicUrlOf = (key: string) => `/${key}`;

/** The same headshot at another size: the SPA picks the variant that fits where it shows it. */
export const headshotVariantUrl = (headshotUrl: string, size: HeadshotSize) =>
  headshotUrl.replace(/\/\d+\.jpg$/, `/${size}.jpg`);

/**
 * The presigned POST for one upload into the user's own folder. S3 enforces these conditions
 * in the cloud; s3rver does not, which is why attaching checks the object again.
 */
export function headshotUploadPolicy(userId: string, contentType: HeadshotContentType, uploadId: string): UploadPolicy {
  const key = `${uploadFolder(userId)}${uploadId}`;
  return {
    key,
    fields: { 'Content-Type': contentType },
    conditions: [
      ['content-length-range', 1, MAX_HEADSHOT_BYTES],
      ['eq', '$Content-Type', contentType],
      ['eq', '$key', key],
    ],
    expiresSeconds: UPLOAD_EXPIRES_SECONDS,
  };
}

/** The upload id of a key in the user's own upload folder, or null for any other key. */
export function ownUploadId(userId: string, key: string): string | null {
  const id = key.startsWith(uploadFolder(userId)) ? key.slice(uploadFolder(userId).length) : '';
  return UPLOAD_ID.test(id) ? id : null;
}

/** Every stored file of the user's current headshot; none when the URL is not one of ours. */
export function headshotKeys(userId: string, headshotUrl: string | null | undefined): string[] {
  const folderUrl = publicUrlOf(userHeadshotsFolder(userId));
  const inFolder = headshotUrl?.startsWith(folderUrl) ? headshotUrl.slice(folderUrl.length) : '';
  const version = /^([^/]+)\/\d+\.jpg$/.exec(inFolder)?.[1];
  return version ? HEADSHOT_VARIANTS.map((variant) => headshotVariantKey(userId, version, variant.size)) : [];
}

const refused = (title: string, message: string) => new DomainError('VALIDATION_FAILED', message, [{ title, message }]);

export interface RenderedVariant {
  size: HeadshotSize;
  bytes: Buffer;
}

/** Square JPEGs of every variant, or why the bytes were refused. */
export type HeadshotRendering = { variants: RenderedVariant[] } | { refused: 'not_an_image' | 'too_many_pixels' };

export interface HeadshotServices {
  media: MediaStore;
  profiles: ProfileStore;
  renderVariants(image: Buffer, variants: readonly HeadshotVariant[]): Promise<HeadshotRendering>;
}

const refusals = {
  not_an_image: () => refused('Invalid File Type', INVALID_FILE_TYPE_MESSAGE),
  too_many_pixels: () => refused('Image Too Large', TOO_MANY_PIXELS_MESSAGE),
};

/** Replaces the headshot URL and removes the files of the one it replaced. */
async function replaceHeadshot(
  { media, profiles }: Pick<HeadshotServices, 'media' | 'profiles'>,
  userId: string,
  headshotUrl: string | null,
  now: Date,
): Promise<ProfileItem> {
  let replaced: string | null | undefined;
  const profile = await profiles.update(userId, (current) => {
    replaced = current.headshotUrl;
    return { ...current, headshotUrl, updatedAt: now.toISOString() };
  });
  if (!profile) throw profileNotFound();
  await media.remove(headshotKeys(userId, replaced));
  return profile;
}

/**
 * Checks an upload of the user's own (size, and that it really is an image), stores its
 * variants under `media/` and makes it the profile's headshot. The upload is removed whatever
 * the outcome, so a refused file never lingers.
 */
export async function attachHeadshot(
  services: HeadshotServices,
  userId: string,
  key: string,
  now: Date,
): Promise<ProfileItem> {
  const { media, profiles } = services;
  const uploadId = ownUploadId(userId, key);
  const upload = uploadId ? await media.head(key) : null;
  if (!uploadId || !upload)
    throw new DomainError('NOT_FOUND', 'This upload does not exist. Please upload the image again.');
  try {
    if (!(await profiles.get(userId))) throw profileNotFound();
    if (upload.size > MAX_HEADSHOT_BYTES) throw refused('File Too Large', FILE_TOO_LARGE_MESSAGE);
    const rendering = await services.renderVariants(await media.getBytes(key), HEADSHOT_VARIANTS);
    if ('refused' in rendering) throw refusals[rendering.refused]();
    await Promise.all(
      rendering.variants.map((variant) =>
        media.put(headshotVariantKey(userId, uploadId, variant.size), variant.bytes, 'image/jpeg'),
      ),
    );
    const url = publicUrlOf(headshotVariantKey(userId, uploadId, PROFILE_URL_SIZE));
    return await replaceHeadshot(services, userId, url, now);
  } finally {
    await media.remove([key]);
  }
}

export function removeHeadshot(services: Pick<HeadshotServices, 'media' | 'profiles'>, userId: string, now: Date) {
  return replaceHeadshot(services, userId, null, now);
}
