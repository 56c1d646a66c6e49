import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { experimental } from 'aws-cdk-lib/aws-cloudfront';
import { Runtime } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { LAMBDA_HANDLER, pageFallbackEntry } from './bundling';
import { lambdaCode } from './lambda-code';
import { LAMBDA_BASIC_EXECUTION_FINDING } from './nag';

/** Lambda@Edge functions live in us-east-1 only, as do the web ACLs CloudFront takes. */
export const EDGE_REGION = 'us-east-1';

/**
 * The Lambda@Edge function that answers a throttled or failed page route with its loading-state page
 * (functions/handlers/page-fallback-edge.ts), on the page behaviours' origin responses (lib/web.ts).
 * Origin failover cannot: it never fails over on a 429, and it asks the fallback origin for the
 * request's own path, which for `/coaches/<id>` no object has. Made in a us-east-1 stack (the site's
 * own, or the one beside it: lib/edge-stack.ts), so experimental.EdgeFunction makes no stack, SSM
 * parameter or cross-region reader of its own; the distribution reads its version across regions.
 */
export class PageFallback extends Construct {
  readonly edgeFunction: experimental.EdgeFunction;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    if (Stack.of(this).region !== EDGE_REGION) throw new Error(`The page fallback must be made in ${EDGE_REGION}.`);
    // x86_64 (Lambda@Edge runs no arm64), no environment variables, no tracing: Lambda@Edge takes none.
    this.edgeFunction = new experimental.EdgeFunction(this, 'Function', {
      code: lambdaCode(pageFallbackEntry),
      handler: LAMBDA_HANDLER,
      runtime: Runtime.NODEJS_22_X,
      memorySize: 128,
      timeout: Duration.seconds(5),
      description: 'Answers a throttled or failed page route with its loading-state page from the site',
    });
    Validations.of(this).acknowledge(
      {
        id: LAMBDA_BASIC_EXECUTION_FINDING,
        reason:
          'Lambda@Edge writes its logs in whichever region an edge location runs it, to log groups Lambda names then; the managed policy allows only that.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'Node.js 22, the newest runtime Lambda@Edge supports and the major the project bundles for.',
      },
    );
  }
}
