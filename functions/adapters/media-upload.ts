import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { mediaBucketFromEnvironment } from './media';
import type { UploadPolicy } from '../domain/ports';

/**
 * A presigned POST the browser sends the file with, straight to the media bucket. Apart from
 * MediaStore so that only the function that starts uploads bundles the presigner.
 */
export async function presignUpload({
  key,
  fields,
  conditions,
  expiresSeconds,
}: UploadPolicy): Promise<{ url: string; fields: Record<string, string> }> {
  const { client, bucket } = mediaBucketFromEnvironment();
  return createPresignedPost(client, {
    Bucket: bucket,
    Key: key,
    Fields: fields,
    Conditions: conditions,
    Expires: expiresSeconds,
  });
}
