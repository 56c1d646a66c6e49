import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentityProvider } from '@smithy/types';
import { requiredEnvironment } from './required-environment';

/**
 * Where the functions' S3 requests go and how they are signed, without `@aws-sdk/client-s3`: its
 * module init (the schemas of every S3 operation and its endpoint rules) cost about 60 ms of CPU at
 * every cold start of the functions that read or write a few objects (npm run bench). The requests
 * (s3-bucket.ts) and the upload policy (media-upload.ts) are signed with the SDK's own Signature
 * Version 4 signer and credential chain, which the DynamoDB client loads anyway.
 *
 * Locally S3_ENDPOINT points at s3rver, which needs path-style addressing and its own fixed
 * credentials (S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY); in AWS neither is set, the bucket is
 * addressed virtual-hosted and the function's role signs.
 */
export interface S3Endpoint {
  region: string;
  credentials: AwsCredentialIdentityProvider;
  /** The URL of a bucket, with a trailing slash only where the bucket is the host. */
  bucketUrl(bucket: string): string;
  /** The URL of one object: its key's segments escaped, its slashes kept. */
  objectUrl(bucket: string, key: string): string;
  signer: SignatureV4;
}

// RFC 3986 unreserved characters stay; everything else is escaped, as S3's canonical URI wants it.
const escapeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const escapeKey = (key: string) => key.split('/').map(escapeSegment).join('/');

/** The endpoint for these settings; without an `endpoint` it is AWS's for the region. */
export function s3Endpoint(settings: {
  region: string;
  credentials: AwsCredentialIdentityProvider;
  endpoint?: string;
  forcePathStyle?: boolean;
}): S3Endpoint {
  const { region, credentials, forcePathStyle } = settings;
  const endpoint = new URL(settings.endpoint || `https://s3.${region}.amazonaws.com`);
  const bucketUrl = forcePathStyle
    ? (bucket: string) => `${endpoint.origin}/${bucket}`
    : (bucket: string) => `${endpoint.protocol}//${bucket}.${endpoint.host}/`;
  return {
    region,
    credentials,
    bucketUrl,
    objectUrl: (bucket, key) => `${bucketUrl(bucket).replace(/\/$/, '')}/${escapeKey(key)}`,
    // S3 signs the path as sent (no second escaping) and the payload's SHA-256 in x-amz-content-sha256.
    signer: new SignatureV4({
      credentials,
      region,
      service: 's3',
      sha256: Sha256,
      uriEscapePath: false,
      applyChecksum: true,
    }),
  };
}

let shared: S3Endpoint | undefined;

export function s3EndpointFromEnvironment(): S3Endpoint {
  const { S3_ENDPOINT, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = process.env;
  shared ??= s3Endpoint({
    region: requiredEnvironment('AWS_REGION'),
    credentials:
      S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY
        ? async () => ({ accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY })
        : defaultProvider(),
    endpoint: S3_ENDPOINT,
    forcePathStyle: S3_FORCE_PATH_STYLE === 'true',
  });
  return shared;
}
