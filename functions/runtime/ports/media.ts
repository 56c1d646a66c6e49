import { s3MediaStore } from '../../adapters/media';
import { s3BucketFromEnvironment } from '../../adapters/s3-bucket';
import type { MediaStore } from '../../domain/ports';
import { port } from '../composition-root';

/** The media bucket MEDIA_BUCKET. */
export const media = (): MediaStore => port('media', () => s3MediaStore(s3BucketFromEnvironment('MEDIA_BUCKET')));
