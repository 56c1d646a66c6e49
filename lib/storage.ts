import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type BucketProps,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** Media objects live under this key prefix so CloudFront's `/media/*` maps onto keys 1:1. */
export const MEDIA_PREFIX = 'media/';
/** Where browsers upload headshots by presigned POST; the server checks each before publishing it. */
export const UPLOAD_PREFIX = 'uploads/';

export interface StorageProps {
  /** For the buckets that hold data we cannot rebuild: uploaded media and the access logs. */
  removalPolicy: RemovalPolicy;
  /** The only origin allowed to upload headshots straight to the media bucket (presigned POST). */
  siteOrigin: string;
}

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
      lifecycleRules: [{ expiration: Duration.days(365) }],
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
      cors: [
        {
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: [props.siteOrigin],
          allowedHeaders: ['*'],
          maxAge: 3000,
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
