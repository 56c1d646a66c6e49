import type { TestProject } from 'vitest/node';
import { bundleFunctions } from '../../scripts/bundle-functions';

/** Global setup: when the project runs the Lambdas from their bundles, build them fresh first. */
export default async function buildLambdaBundles(project: TestProject): Promise<void> {
  if (project.config.env.API_FROM_BUNDLES !== '1') return;
  const { functions } = await bundleFunctions();
  console.log(`Built ${functions.length} Lambda bundles into dist/functions for API_FROM_BUNDLES=1`);
}
