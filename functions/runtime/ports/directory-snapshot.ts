import { s3DirectorySnapshot } from '../../adapters/directory-snapshot';
import { s3BucketFromEnvironment } from '../../adapters/s3-bucket';
import type { DirectorySnapshot } from '../../domain/ports';
import { port } from '../composition-root';

/** Its one object in the media bucket MEDIA_BUCKET. */
export const directorySnapshot = (): DirectorySnapshot =>
  port('directorySnapshot', () => s3DirectorySnapshot(s3BucketFromEnvironment('MEDIA_BUCKET')));
