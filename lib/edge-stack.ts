import { type App, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { SiteFirewall } from './firewall';
import { PageFallback } from './page-fallback';

/** What CloudFront takes only from us-east-1, whatever the region of the site's stack. */
export interface EdgeResources {
  firewall: SiteFirewall;
  pageFallback: PageFallback;
}

/** Makes the edge resources in `scope`, a stack in us-east-1. */
export const edgeResources = (scope: Construct, stage: string): EdgeResources => ({
  firewall: new SiteFirewall(scope, 'Firewall', { stage }),
  pageFallback: new PageFallback(scope, 'PageFallback'),
});

/**
 * The edge resources in a stack of their own in us-east-1, for a site whose stack lives in another
 * region; the distribution reads them through CDK's cross-region references (README, Deploy).
 */
export class EdgeStack extends Stack {
  readonly resources: EdgeResources;

  constructor(scope: App, id: string, props: StackProps & { stage: string }) {
    super(scope, id, { ...props, crossRegionReferences: true });
    this.resources = edgeResources(this, props.stage);
  }
}
