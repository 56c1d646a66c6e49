import { gunzipSync, gzipSync } from 'node:zlib';
import type { Coach } from '../schemas/coach';
import type { S3Bucket } from './s3-bucket';
import type { DirectorySnapshot } from '../domain/ports';

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

export function s3DirectorySnapshot(bucket: S3Bucket): DirectorySnapshot {
  return {
    async read(ifNoneMatch) {
      const answer = await bucket.get(DIRECTORY_SNAPSHOT_KEY, ifNoneMatch);
      if (answer === 'unchanged') return { state: 'unchanged' };
      if (!answer) return { state: 'missing' };
      // Our own writes only (the rebuild below), so the shape is trusted; the version guards a format change.
      const body = JSON.parse(gunzipSync(answer.body).toString('utf8')) as SnapshotBody;
      if (body.version !== SNAPSHOT_VERSION) return { state: 'missing' };
      return { state: 'current', etag: answer.etag, coaches: body.coaches, bytes: answer.body.length };
    },

    async write(coaches, builtAt) {
      const body: SnapshotBody = { version: SNAPSHOT_VERSION, builtAt: builtAt.toISOString(), coaches: [...coaches] };
      const bytes = gzipSync(JSON.stringify(body));
      await bucket.put(DIRECTORY_SNAPSHOT_KEY, bytes, { contentType: 'application/gzip', cacheControl: 'no-cache' });
      return { bytes: bytes.length };
    },
  };
}
