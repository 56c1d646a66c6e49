import { describe, expect, it } from 'vitest';
import type { MediaStore } from '../../functions/domain/ports';
import type { ProfileItem } from '../../functions/domain/profile-item';
import type { ProfileStore } from '../../functions/domain/ports';
import {
  attachHeadshot,
  FILE_TOO_LARGE_MESSAGE,
  HEADSHOT_VARIANTS,
  type HeadshotServices,
  headshotKeys,
  headshotUploadPolicy,
  headshotVariantUrl,
  INVALID_FILE_TYPE_MESSAGE,
  TOO_MANY_PIXELS_MESSAGE,
  MAX_HEADSHOT_BYTES,
  ownUploadId,
  removeHeadshot,
} from '../../functions/domain/headshot';
import { headshotUploadRequest } from '../../functions/schemas/profile';

const userId = '3f1c2b9e-0000-4000-8000-000000000001';
const uploadId = '9d3a6f20-1111-4111-8111-111111111111';
const uploadKey = `uploads/${userId}/${uploadId}`;
const now = new Date('2026-03-01T12:00:00Z');

describe('the upload policy', () => {
  const policy = headshotUploadPolicy(userId, 'image/png', uploadId);

  it("puts the upload in the user's own folder under a fresh id", () => {
    expect(policy.key).toBe(uploadKey);
  });

  it('lets S3 take 1 byte to 5 MB, of exactly the announced type, at exactly that key, for 5 minutes', () => {
    expect(policy.conditions).toEqual([
      ['content-length-range', 1, 5 * 1024 * 1024],
      ['eq', '$Content-Type', 'image/png'],
      ['eq', '$key', uploadKey],
    ]);
    expect(policy.fields).toEqual({ 'Content-Type': 'image/png' });
    expect(policy.expiresSeconds).toBe(300);
  });

  it('is offered for the four image types only', () => {
    for (const contentType of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(headshotUploadRequest.safeParse({ contentType }).success).toBe(true);
    }
    for (const contentType of ['image/svg+xml', 'text/html', 'application/pdf', '']) {
      const result = headshotUploadRequest.safeParse({ contentType });
      expect(result.error?.issues[0]?.message).toBe(INVALID_FILE_TYPE_MESSAGE);
    }
  });
});

describe('the variants', () => {
  it('are the spec sizes at the spec qualities', () => {
    expect(HEADSHOT_VARIANTS.map(({ size, quality }) => [size, quality])).toEqual([
      [64, 80],
      [128, 80],
      [256, 85],
      [512, 90],
      [200, 80],
    ]);
  });

  it('share one URL pattern, so the SPA derives any size from the profile URL', () => {
    const url = `/media/headshots/${userId}/${uploadId}/256.jpg`;
    expect(headshotVariantUrl(url, 64)).toBe(`/media/headshots/${userId}/${uploadId}/64.jpg`);
  });
});

describe('ownUploadId', () => {
  it("accepts a key in the caller's own upload folder", () => {
    expect(ownUploadId(userId, uploadKey)).toBe(uploadId);
  });

  it.each([
    ["another user's upload", `uploads/3f1c2b9e-0000-4000-8000-000000000002/${uploadId}`],
    ['a published file', `media/headshots/${userId}/${uploadId}/256.jpg`],
    ['a path that climbs out', `uploads/${userId}/../other/${uploadId}`],
    ['a nested key', `uploads/${userId}/${uploadId}/x`],
    ['the folder itself', `uploads/${userId}/`],
  ])('refuses %s', (_case, key) => {
    expect(ownUploadId(userId, key)).toBeNull();
  });
});

describe('headshotKeys', () => {
  it('lists every variant of a headshot of ours', () => {
    expect(headshotKeys(userId, `/media/headshots/${userId}/v1/256.jpg`)).toEqual(
      HEADSHOT_VARIANTS.map((v) => `media/headshots/${userId}/v1/${v.size}.jpg`),
    );
  });

  it.each([
    ['no headshot', null],
    ['an outside image', 'https://images.example/ada.jpg'],
    ["another user's headshot", '/media/headshots/someone-else/v1/256.jpg'],
  ])('lists nothing for %s', (_case, url) => {
    expect(headshotKeys(userId, url)).toEqual([]);
  });
});

/** In-memory stand-ins for the bucket, the profile table and the image decoder. */
function fakes(
  options: { uploadSize?: number; refused?: 'not_an_image' | 'too_many_pixels'; headshotUrl?: string | null } = {},
) {
  const objects = new Map<string, number>([[uploadKey, options.uploadSize ?? 1000]]);
  let item: ProfileItem = {
    userId,
    email: 'ada@example.test',
    userType: 'mentor',
    published: false,
    firstName: 'Ada',
    lastName: 'Okafor',
    headshotUrl: options.headshotUrl ?? null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
  const media: MediaStore = {
    head: async (key) => (objects.has(key) ? { size: objects.get(key) as number } : null),
    getBytes: async () => Buffer.from('bytes'),
    put: async (key, bytes) => void objects.set(key, bytes.length),
    remove: async (keys) => {
      for (const key of keys) objects.delete(key);
    },
  };
  const profiles: ProfileStore = {
    get: async () => item,
    createOnce: async () => ({ profile: item, created: false }),
    update: async (_id, change) => {
      item = change(item);
      return item;
    },
  };
  const services: HeadshotServices = {
    media,
    profiles,
    renderVariants: async (_image, variants) =>
      options.refused
        ? { refused: options.refused }
        : { variants: variants.map((v) => ({ size: v.size, bytes: Buffer.alloc(v.size) })) },
  };
  return { services, objects, profile: () => item };
}

describe('attachHeadshot', () => {
  it('stores every variant, points the profile at the 256 px one and removes the upload', async () => {
    const { services, objects } = fakes();
    const attached = await attachHeadshot(services, userId, uploadKey, now);
    expect(attached.headshotUrl).toBe(`/media/headshots/${userId}/${uploadId}/256.jpg`);
    expect([...objects.keys()].sort()).toEqual(
      HEADSHOT_VARIANTS.map((v) => `media/headshots/${userId}/${uploadId}/${v.size}.jpg`).sort(),
    );
  });

  it('removes the files of the headshot it replaces', async () => {
    const { services, objects } = fakes({ headshotUrl: `/media/headshots/${userId}/old/256.jpg` });
    objects.set(`media/headshots/${userId}/old/256.jpg`, 1);
    objects.set(`media/headshots/${userId}/old/64.jpg`, 1);
    await attachHeadshot(services, userId, uploadKey, now);
    expect([...objects.keys()].some((key) => key.includes('/old/'))).toBe(false);
  });

  it('refuses a file over 5 MB, which s3rver lets through, and removes it', async () => {
    const { services, objects, profile } = fakes({ uploadSize: MAX_HEADSHOT_BYTES + 1 });
    await expect(attachHeadshot(services, userId, uploadKey, now)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: FILE_TOO_LARGE_MESSAGE,
    });
    expect(objects.size).toBe(0);
    expect(profile().headshotUrl).toBeNull();
  });

  it('accepts a file of exactly 5 MB', async () => {
    const { services } = fakes({ uploadSize: MAX_HEADSHOT_BYTES });
    await expect(attachHeadshot(services, userId, uploadKey, now)).resolves.toBeDefined();
  });

  it('refuses bytes that are not an image, whatever their name, and removes them', async () => {
    const { services, objects } = fakes({ refused: 'not_an_image' });
    await expect(attachHeadshot(services, userId, uploadKey, now)).rejects.toMatchObject({
      message: INVALID_FILE_TYPE_MESSAGE,
    });
    expect(objects.size).toBe(0);
  });

  it('refuses an image of more pixels than the cap with its own message, and removes it', async () => {
    const { services, objects } = fakes({ refused: 'too_many_pixels' });
    await expect(attachHeadshot(services, userId, uploadKey, now)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: TOO_MANY_PIXELS_MESSAGE,
    });
    expect(objects.size).toBe(0);
  });

  it("answers not found for someone else's upload and leaves it alone", async () => {
    const { services, objects } = fakes();
    await expect(attachHeadshot(services, 'intruder', uploadKey, now)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(objects.has(uploadKey)).toBe(true);
  });

  it('answers not found for an upload that is not there (any more)', async () => {
    const { services } = fakes();
    await attachHeadshot(services, userId, uploadKey, now);
    await expect(attachHeadshot(services, userId, uploadKey, now)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('removeHeadshot', () => {
  it('clears the URL and removes the files', async () => {
    const { services, objects } = fakes({ headshotUrl: `/media/headshots/${userId}/v1/256.jpg` });
    objects.set(`media/headshots/${userId}/v1/512.jpg`, 1);
    const profile = await removeHeadshot(services, userId, now);
    expect(profile.headshotUrl).toBeNull();
    expect(objects.has(`media/headshots/${userId}/v1/512.jpg`)).toBe(false);
  });
});
