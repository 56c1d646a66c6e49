import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import { mediaBucketFromEnvironment } from './media';

type PolicyCondition = NonNullable<PresignedPostOptions['Conditions']>[number];

/** What a browser may upload, and where: the conditions S3 checks against the signed policy. */
export interface UploadPolicy {
  key: string;
  fields: Record<string, string>;
  conditions: PolicyCondition[];
  expiresSeconds: number;
}

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
