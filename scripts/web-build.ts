import path from 'node:path';
import { PROJECT_ROOT } from '../lib/bundling';
import { builtOnce } from '../lib/build-record';

/** What the SPA's production build is made from (the prerendered pages read lib/prerendered-pages.ts). */
const WEB_INPUTS = [
  'web',
  'functions',
  'lib/prerendered-pages.ts',
  'scripts/prerender-plugin.ts',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
].map((input) => path.join(PROJECT_ROOT, input));

/** The SPA's production build in dist/web, built again only when what it is made from changed. */
export function currentWebBuild(): Promise<void> {
  return builtOnce(path.join(PROJECT_ROOT, 'dist', 'web'), WEB_INPUTS, async () => {
    const { build } = await import('vite');
    // Vitest sets NODE_ENV=test, with which Vite would bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ configFile: path.join(PROJECT_ROOT, 'vite.config.ts'), logLevel: 'warn' });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  });
}
