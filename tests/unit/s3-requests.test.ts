import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { presignUpload } from '../../functions/adapters/media-upload';
import { s3Endpoint } from '../../functions/adapters/s3-endpoint';
import { headshotUploadPolicy } from '../../functions/domain/headshot';

const policy = headshotUploadPolicy('user-1', 'image/png', '0f4e2b4c-1111-4222-8333-444455556666');
const BUCKET = 'media-bucket';

/** The functions sign without the S3 client (functions/adapters/s3-endpoint.ts); the SDK's presigner is the yardstick. */
describe('presignUpload', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T10:00:00.123Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('writes the same URL, policy and signature as the SDK presigner for s3rver (path style)', async () => {
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const settings = { region: 'us-east-1', endpoint: 'http://localhost:4569', forcePathStyle: true };
    const expected = await createPresignedPost(new S3Client({ ...settings, credentials }), {
      Bucket: BUCKET,
      Key: policy.key,
      Fields: policy.fields,
      Conditions: policy.conditions as never,
      Expires: policy.expiresSeconds,
    });
    const ours = await presignUpload(policy, BUCKET, s3Endpoint({ ...settings, credentials: async () => credentials }));
    expect(ours).toEqual(expected);
    expect(Object.keys(ours.fields)).toEqual(Object.keys(expected.fields));
  });

  it('writes the same for a bucket in AWS signed by a role (virtual-hosted, with a session token)', async () => {
    const credentials = { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' };
    const expected = await createPresignedPost(new S3Client({ region: 'eu-west-1', credentials }), {
      Bucket: BUCKET,
      Key: policy.key,
      Fields: policy.fields,
      Conditions: policy.conditions as never,
      Expires: policy.expiresSeconds,
    });
    const ours = await presignUpload(
      policy,
      BUCKET,
      s3Endpoint({ region: 'eu-west-1', credentials: async () => credentials }),
    );
    expect(ours).toEqual(expected);
    expect(ours.url).toBe(`https://${BUCKET}.s3.eu-west-1.amazonaws.com/`);
  });
});

describe('s3Endpoint', () => {
  it('escapes each segment of a key and keeps its slashes', () => {
    const endpoint = s3Endpoint({
      region: 'us-east-1',
      credentials: async () => ({ accessKeyId: 'a', secretAccessKey: 'b' }),
    });
    expect(endpoint.objectUrl(BUCKET, "uploads/u 1/a+b(1)'.json")).toBe(
      `https://${BUCKET}.s3.us-east-1.amazonaws.com/uploads/u%201/a%2Bb%281%29%27.json`,
    );
  });
});
