import type { MediaStore } from '../domain/ports';
import type { S3Bucket } from './s3-bucket';

export function s3MediaStore(bucket: S3Bucket): MediaStore {
  return {
    head: (key) => bucket.head(key),

    async getBytes(key) {
      const object = await bucket.get(key);
      if (!object || object === 'unchanged') throw new Error(`S3 has no ${key}`);
      return Buffer.from(object.body);
    },

    // Every stored file has a key of its own that is never rewritten.
    put: (key, bytes, contentType) =>
      bucket.put(key, bytes, { contentType, cacheControl: 'public, max-age=31536000, immutable' }),

    async remove(keys) {
      // One DeleteObject each: a headshot has a handful of files, and this needs no s3:ListBucket.
      await Promise.all(keys.map((key) => bucket.remove(key)));
    },
  };
}
