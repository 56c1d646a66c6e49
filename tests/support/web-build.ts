import type { TestProject } from 'vitest/node';
import { currentWebBuild } from '../../scripts/web-build';

/**
 * Global setup of the browser tests: when they run what deploys (API_FROM_BUNDLES=1, as in CI),
 * the pages are the SPA's production build, served like CloudFront (bin/local/built-site.ts), not
 * the Vite dev server.
 */
export default async function buildWebApp(project: TestProject): Promise<void> {
  if (project.config.env.API_FROM_BUNDLES !== '1') return;
  await currentWebBuild();
  console.log('The SPA production build in dist/web is current for the browser tests');
}
