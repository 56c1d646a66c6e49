import type { UploadPolicy } from '../domain/ports';
import { requiredEnvironment } from './required-environment';
import { type S3Endpoint, s3EndpointFromEnvironment } from './s3-endpoint';

/** ISO 8601 to the second, as S3's POST policy and SigV4 dates are written. */
const toSecond = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A presigned POST the browser sends the file with, straight to the media bucket: a policy of the
 * upload's conditions signed with Signature Version 4, built as `@aws-sdk/s3-presigned-post` builds
 * it (same fields, same policy) but without the S3 client that package needs only for the bucket's
 * address (s3-endpoint.ts). Apart from MediaStore so that only the function that starts uploads has it.
 */
export async function presignUpload(
  { key, fields, conditions, expiresSeconds }: UploadPolicy,
  bucket = requiredEnvironment('MEDIA_BUCKET'),
  { region, credentials, signer, bucketUrl }: S3Endpoint = s3EndpointFromEnvironment(),
): Promise<{ url: string; fields: Record<string, string> }> {
  const now = new Date();
  const signingDate = toSecond(now).replace(/[-:]/g, '');
  const identity = await credentials();
  const signed: Record<string, string> = {
    ...fields,
    bucket,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': `${identity.accessKeyId}/${signingDate.slice(0, 8)}/${region}/s3/aws4_request`,
    'X-Amz-Date': signingDate,
    ...(identity.sessionToken ? { 'X-Amz-Security-Token': identity.sessionToken } : {}),
  };
  // Each condition once, as the SDK's presigner writes them.
  const allConditions = [...conditions, ...Object.entries(signed).map(([name, value]) => ({ [name]: value })), { key }];
  const policy = {
    expiration: toSecond(new Date(now.getTime() + expiresSeconds * 1000)),
    conditions: [...new Set(allConditions.map((condition) => JSON.stringify(condition)))].map((json) =>
      JSON.parse(json),
    ),
  };
  const encodedPolicy = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64');
  return {
    url: bucketUrl(bucket),
    fields: {
      ...signed,
      key,
      Policy: encodedPolicy,
      'X-Amz-Signature': await signer.sign(encodedPolicy, { signingDate: now }),
    },
  };
}
