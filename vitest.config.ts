import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@functions': fileURLToPath(new URL('./functions', import.meta.url)),
  '@': fileURLToPath(new URL('./web/src', import.meta.url)),
};

/**
 * Powertools' log lines and EMF metrics stay out of the test output (tests/unit/observability.test.ts
 * turns them on; POWERTOOLS_LOG_LEVEL=INFO shows the handlers' logs while chasing a failure), and so does the AWS SDK's notice, once per test process, that its releases after
 * January 2027 need Node 22 (these machines run Node 20, Lambda Node 22; the lock file pins the SDK).
 */
const quietTestOutput = {
  POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT',
  POWERTOOLS_METRICS_DISABLED: 'true',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/**
 * Tests that start the local stack run the Lambdas from their built bundles (bin/local/lambda-modules.ts)
 * when their project's API_FROM_BUNDLES is 1. The browser tests do in `npm test` (E2E_FROM_BUNDLES=1)
 * and in CI; the integration tests run the source unless API_FROM_BUNDLES=1 is set for the whole run.
 * The bundles load natively, not through Vite.
 */
const fromBundles = (fromBundlesFlag: string, moreSetup: string[] = []) => ({
  env: { ...quietTestOutput, API_FROM_BUNDLES: fromBundlesFlag },
  // The files' stacks share one DynamoDB Local per project, a table each (tests/support/handler-kit/test-stack.ts).
  globalSetup: ['tests/support/lambda-bundles.ts', 'tests/support/shared-dynamodb.ts', ...moreSetup],
  server: { deps: { external: [/\/dist\/functions\//] } },
});

export default defineConfig({
  resolve: { alias },
  test: {
    // Two files at a time even on two cores (vitest's default there is one), across the projects of one
    // run: each stack file starts its own stack on free ports, and the unit and infra tests only compute.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // `npm run coverage` (scripts/coverage.ts) turns it on and reads the summary.
    coverage: {
      provider: 'v8',
      include: ['functions/**/*.ts', 'bin/local/**/*.ts'],
      reporter: ['json-summary', 'json'],
      reportsDirectory: '.coverage',
      reportOnFailure: true,
    },
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], env: quietTestOutput } },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          ...fromBundles(process.env.API_FROM_BUNDLES ?? '0'),
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // The files of a worker share its modules, so those reading the same app share one synth (synth-app.ts).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // Run so, the browser tests also serve the SPA's production build (tests/support/web-build.ts).
          ...fromBundles(process.env.E2E_FROM_BUNDLES ?? process.env.API_FROM_BUNDLES ?? (process.env.CI ? '1' : '0'), [
            'tests/support/web-build.ts',
          ]),
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // expect.poll waits for what the page shows next; vitest's 1 s default is less than a page
          // takes on a busy two-core machine. A test that needs another bound says so itself.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
