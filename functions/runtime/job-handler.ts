import type { Context } from 'aws-lambda';
import { integrationSecretsLoaded } from '../adapters/integration-secrets';
import { log } from './log';
import { BUSINESS_METRICS, countMetric } from './metrics';
import { observedHandler } from './observed-handler';

/** Lambda always passes a context; the local scheduler and tests call with the event alone (middy then uses `{}`). */
type JobFunction<Result> = (event: unknown, context?: Context) => Promise<Result>;

/**
 * A Scheduler target with the shared Lambda context and trace: a job that throws is logged and
 * counted (JobFailures), then rethrown so Scheduler retries it and finally dead-letters it.
 */
export function jobHandler<Result>(name: string, run: (event: unknown) => Promise<Result>): JobFunction<Result> {
  return observedHandler<unknown, Result>()
    .use({
      onError: async ({ error }) => {
        log('error', `${name} failed`, { job: name, error });
        countMetric(BUSINESS_METRICS.jobFailures);
      },
    })
    .handler(async (event: unknown, _context: Context) => {
      await integrationSecretsLoaded();
      return run(event);
    }) as JobFunction<Result>;
}
