/**
 * The fault row of `npm run bench`: with DynamoDB Local paused (SIGSTOP), how long a request takes
 * to answer 503; after it resumes (SIGCONT), how long until requests succeed again. Prints figures
 * beside their ceilings and asserts nothing.
 */
// First: it sets the functions' log level before any of them is imported.
import { ms, row } from './bench-support';
import { FUNCTION_TIMEOUT_SECONDS } from '../functions/runtime/dependency-budget';
import { whileDatabasePaused } from '../tests/support/faults';
import { startTestStack } from '../tests/support/local-stack';

const stack = await startTestStack();
const probe = `${stack.apiUrl}/api/coaches/bench-fault-probe`;
try {
  await fetch(probe);
  console.log('\nDependency faults (DynamoDB Local paused, then resumed)');
  const { status, elapsedMs } = await whileDatabasePaused(stack.dynamodbPid, async () => {
    const started = performance.now();
    const response = await fetch(probe);
    return { status: response.status, elapsedMs: performance.now() - started };
  });
  row(
    '  GET /api/coaches/{id} while paused',
    `${status} in ${ms(elapsedMs)} ms (ceiling ${FUNCTION_TIMEOUT_SECONDS * 1000} ms)`,
  );

  const resumedAt = performance.now();
  let recovered = false;
  while (!recovered && performance.now() - resumedAt < 30_000) {
    recovered = (await fetch(probe)).status === 404;
    if (!recovered) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  row(
    '  time to recover after resume',
    recovered ? `${ms(performance.now() - resumedAt)} ms (ceiling 5000 ms)` : 'not within 30 s',
  );
} finally {
  await stack.dispose();
}
