import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { awsClientSettings } from './dependency-budget';
import { timed } from './dependency-latency';
import type { MediaStore } from '../domain/ports';

const isMissing = (error: unknown) => ['NotFound', 'NoSuchKey'].includes((error as { name?: string }).name ?? '');

export function s3MediaStore(client: S3Client, bucket: string): MediaStore {
  return {
    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async getBytes(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!answer.Body) throw new Error(`S3 returned no body for ${key}`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },

    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          // Every stored file has a key of its own that is never rewritten.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    async remove(keys) {
      // One DeleteObject each: a headshot has a handful of files, and this needs no s3:ListBucket.
      await Promise.all(keys.map((key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))));
    },
  };
}

/**
 * The bucket client from the function's environment. Locally S3_ENDPOINT points at s3rver, which
 * needs path-style addressing and its own fixed credentials (S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY);
 * in AWS neither is set and the function's role signs.
 */
export function s3ClientFromEnvironment(): S3Client {
  const { S3_ENDPOINT, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = process.env;
  return timed(
    new S3Client({
      ...awsClientSettings(),
      endpoint: S3_ENDPOINT || undefined,
      forcePathStyle: S3_FORCE_PATH_STYLE === 'true',
      ...(S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY } }
        : {}),
    }),
  );
}

let sharedBucket: { client: S3Client; bucket: string } | undefined;

/** The media bucket's name and one client for it, from the function's environment. */
export function mediaBucketFromEnvironment(): { client: S3Client; bucket: string } {
  const bucket = process.env.MEDIA_BUCKET;
  if (!bucket) throw new Error('MEDIA_BUCKET is not set');
  sharedBucket ??= { client: s3ClientFromEnvironment(), bucket };
  return sharedBucket;
}

let sharedStore: MediaStore | undefined;

export function mediaStoreFromEnvironment(): MediaStore {
  const { client, bucket } = mediaBucketFromEnvironment();
  sharedStore ??= s3MediaStore(client, bucket);
  return sharedStore;
}
