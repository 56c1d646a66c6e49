import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Global setup of the browser tests: when they run what deploys (API_FROM_BUNDLES=1, as in CI),
 * the pages are the SPA's production build, served like CloudFront (bin/local/built-site.ts), not
 * the Vite dev server.
 */
export default async function buildWebApp(project: TestProject): Promise<void> {
  if (project.config.env.API_FROM_BUNDLES !== '1') return;
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, with which Vite would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.resolve('vite.config.ts'), logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  console.log('Built the SPA into dist/web for the browser tests');
}
