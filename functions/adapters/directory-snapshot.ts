import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Coach } from '../schemas/coach';
import { s3ClientFromEnvironment } from './media';
import { requiredEnvironment } from './required-environment';

/**
 * The directory snapshot's one object, in the media bucket but outside its media/ prefix, so
 * CloudFront never serves it and only the directory's functions are granted it.
 */
export const DIRECTORY_SNAPSHOT_KEY = 'directory/coaches.json.gz';

const SNAPSHOT_VERSION = 1;

interface SnapshotBody {
  version: typeof SNAPSHOT_VERSION;
  builtAt: string;
  coaches: Coach[];
}

export type SnapshotRead =
  | { state: 'current'; etag: string; coaches: Coach[]; bytes: number }
  | { state: 'unchanged' }
  | { state: 'missing' };

/** Every published coach's card as one gzip JSON object: read in one GetObject, rewritten whole. */
export interface DirectorySnapshot {
  /** With `ifNoneMatch`, an object still carrying that ETag answers `unchanged` without a body. */
  read(ifNoneMatch?: string): Promise<SnapshotRead>;
  write(coaches: readonly Coach[], builtAt: Date): Promise<{ bytes: number }>;
}

const answerStatus = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (error: unknown) => (error as { name?: string }).name === 'NoSuchKey' || answerStatus(error) === 404;

export function s3DirectorySnapshot(client: S3Client, bucket: string): DirectorySnapshot {
  return {
    async read(ifNoneMatch) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: DIRECTORY_SNAPSHOT_KEY, IfNoneMatch: ifNoneMatch }),
        );
        if (!answer.Body || !answer.ETag) throw new Error('S3 returned the directory snapshot without a body or ETag');
        // Our own writes only (the rebuild below), so the shape is trusted; the version guards a format change.
        const bytes = await answer.Body.transformToByteArray();
        const body = JSON.parse(gunzipSync(bytes).toString('utf8')) as SnapshotBody;
        if (body.version !== SNAPSHOT_VERSION) return { state: 'missing' };
        return { state: 'current', etag: answer.ETag, coaches: body.coaches, bytes: bytes.length };
      } catch (error) {
        if (answerStatus(error) === 304) return { state: 'unchanged' };
        if (isMissing(error)) return { state: 'missing' };
        throw error;
      }
    },

    async write(coaches, builtAt) {
      const body: SnapshotBody = { version: SNAPSHOT_VERSION, builtAt: builtAt.toISOString(), coaches: [...coaches] };
      const bytes = gzipSync(JSON.stringify(body));
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: DIRECTORY_SNAPSHOT_KEY,
          Body: bytes,
          ContentType: 'application/gzip',
          CacheControl: 'no-cache',
        }),
      );
      return { bytes: bytes.length };
    },
  };
}

let shared: DirectorySnapshot | undefined;

export function directorySnapshotFromEnvironment(): DirectorySnapshot {
  shared ??= s3DirectorySnapshot(s3ClientFromEnvironment(), requiredEnvironment('MEDIA_BUCKET'));
  return shared;
}
