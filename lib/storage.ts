import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type BucketProps,
  HttpMethods,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledgeSdkCallProvider } from './nag';

/** Media objects live under this key prefix so CloudFront's `/media/*` maps onto keys 1:1. */
export const MEDIA_PREFIX = 'media/';
/** Where browsers upload headshots by presigned POST; the server checks each before publishing it. */
export const UPLOAD_PREFIX = 'uploads/';

/** What the upload CORS rule allows besides its origins: the browser's presigned POST. */
const UPLOAD_CORS = { allowedHeaders: ['*'], maxAgeSeconds: 3000 } as const;

export interface StorageProps {
  /** For the buckets that hold data we cannot rebuild: uploaded media and the access logs. */
  removalPolicy: RemovalPolicy;
  /**
   * The only origins allowed to upload headshots straight to the media bucket (presigned POST).
   * Absent when they are the distribution's own address, which the bucket cannot name without a
   * template cycle (the distribution reads the bucket): {@link UploadCors} sets them afterwards.
   */
  uploadOrigins?: readonly string[];
}

/**
 * CloudFront's and S3's access logs carry every requested URL with its query string and client IP:
 * kept long enough to investigate abuse, no longer.
 */
export const ACCESS_LOG_RETENTION_DAYS = 90;

/** Private buckets only; CloudFront reads them through Origin Access Control. */
export class Storage extends Construct {
  readonly logBucket: Bucket;
  readonly siteBucket: Bucket;
  readonly mediaBucket: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    this.logBucket = privateBucket(this, 'LogBucket', {
      removalPolicy: props.removalPolicy,
      // CloudFront standard logging still writes through bucket ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_RETENTION_DAYS) }],
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access log bucket itself; logging it into itself would loop.',
    });

    const logged = (prefix: string): BucketProps => ({
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: `s3/${prefix}/`,
    });
    // The SPA is rebuilt from git on every deploy, so it never needs to outlive the stack.
    this.siteBucket = privateBucket(this, 'SiteBucket', { ...logged('site'), removalPolicy: RemovalPolicy.DESTROY });
    this.mediaBucket = privateBucket(this, 'MediaBucket', {
      ...logged('media'),
      removalPolicy: props.removalPolicy,
      // An upload the user never attached is of no use after a day.
      lifecycleRules: [{ prefix: UPLOAD_PREFIX, expiration: Duration.days(1) }],
      cors: props.uploadOrigins && [
        {
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: [...props.uploadOrigins],
          allowedHeaders: [...UPLOAD_CORS.allowedHeaders],
          maxAge: UPLOAD_CORS.maxAgeSeconds,
        },
      ],
    });
  }
}

export function privateBucket(scope: Construct, id: string, props: BucketProps): Bucket {
  return new Bucket(scope, id, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    autoDeleteObjects: props.removalPolicy === RemovalPolicy.DESTROY,
    ...props,
  });
}

/**
 * The media bucket's upload CORS rule, put by an SDK call once the distribution exists, for a
 * stage whose site lives at the distribution's own address. It replaces the bucket's whole CORS
 * configuration, and is put again whenever the origins change.
 */
export class UploadCors extends Construct {
  constructor(scope: Construct, id: string, props: { bucket: IBucket; origins: readonly string[] }) {
    super(scope, id);
    const putCors = {
      service: 'S3',
      action: 'putBucketCors',
      parameters: {
        Bucket: props.bucket.bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedMethods: ['POST'],
              AllowedOrigins: [...props.origins],
              AllowedHeaders: [...UPLOAD_CORS.allowedHeaders],
              MaxAgeSeconds: UPLOAD_CORS.maxAgeSeconds,
            },
          ],
        },
      },
      physicalResourceId: PhysicalResourceId.of(`${props.bucket.bucketName}-upload-cors`),
    };
    const call = new AwsCustomResource(this, 'PutBucketCors', {
      onCreate: putCors,
      onUpdate: putCors,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [props.bucket.bucketArn] }),
      ]),
      installLatestAwsSdk: false,
    });
    acknowledgeSdkCallProvider(call);
  }
}
