import {
  CloudFrontClient,
  type DistributionConfig,
  GetDistributionConfigCommand,
  UpdateDistributionCommand,
} from '@aws-sdk/client-cloudfront';
import { awsClientSettings } from '../runtime/dependency-budget';
import type { DistributionConfigStore } from '../domain/ports';

export function cloudFrontDistribution(distributionId: string): DistributionConfigStore<DistributionConfig> {
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
