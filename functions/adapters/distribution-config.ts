import {
  CloudFrontClient,
  type DistributionConfig,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
} from '@aws-sdk/client-cloudfront';
import { awsClientSettings } from '../runtime/dependency-budget';

/** One CloudFront distribution's configuration, read and written whole with its ETag, as CloudFront requires. */
export interface DistributionConfigStore {
  read(): Promise<{ config: DistributionConfig; etag: string }>;
  /** Fails when the configuration changed since `etag` was read (PreconditionFailed). */
  write(config: DistributionConfig, etag: string): Promise<void>;
}

export function cloudFrontDistribution(distributionId: string): DistributionConfigStore {
  const client = new CloudFrontClient(awsClientSettings());
  return {
    async read() {
      const { DistributionConfig: config, ETag } = await client.send(
        new GetDistributionConfigCommand({ Id: distributionId }),
      );
      if (!config || !ETag) throw new Error(`CloudFront returned no configuration for ${distributionId}`);
      return { config, etag: ETag };
    },
    async write(config, etag) {
      await client.send(
        new UpdateDistributionCommand({ Id: distributionId, DistributionConfig: config, IfMatch: etag }),
      );
    },
  };
}
