import type { TestProject } from 'vitest/node';
import { currentBundles } from '../../lib/function-bundles';

/** Global setup: when the project runs the Lambdas from their bundles, make sure they are built from the sources. */
export default async function buildLambdaBundles(project: TestProject): Promise<void> {
  if (project.config.env.API_FROM_BUNDLES !== '1') return;
  const { functions } = await currentBundles();
  console.log(`${functions.length} Lambda bundles in dist/functions are current for API_FROM_BUNDLES=1`);
}
