import { DEMO_MENTEE_EMAIL, DEMO_PASSWORD } from '../bin/local/seed';
import { startTestStack } from '../tests/support/local-stack';
import { currentBundles } from '../lib/function-bundles';
import { printResult, runSmoke } from './smoke';
import { currentWebBuild } from './web-build';

/**
 * `npm run smoke` against the local stack as close to a deployment as it gets: the production SPA
 * build served like CloudFront (same headers, same fallback function, lib/site-headers.ts), the
 * API from the deployed bundles, the demo seed, and the demo mentee as the test account.
 */
console.log('Building the SPA and the Lambda bundles…');
await currentWebBuild();
await currentBundles();
process.env.API_FROM_BUNDLES = '1';

const stack = await startTestStack({ seed: true, web: true, webFromBuild: true });
let failed = 0;
try {
  console.log(`Smoke test against ${stack.webUrl}`);
  const results = await runSmoke({ url: stack.webUrl, email: DEMO_MENTEE_EMAIL, password: DEMO_PASSWORD }, printResult);
  failed = results.filter((result) => result.outcome !== 'pass').length;
} finally {
  await stack.dispose();
}
// Locally every check must pass: a skip here (no seeded mentor, no test account) is a broken seed.
console.log(failed ? `\n${failed} check(s) did not pass` : '\nAll checks passed');
process.exit(failed ? 1 : 0);
