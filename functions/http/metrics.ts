import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';

/** Every function's POWERTOOLS_SERVICE_NAME: the `service` key of each log line and metric dimension. */
export const SERVICE_NAME = 'physician-mentors';
/** The CloudWatch namespace of the product's own metrics (POWERTOOLS_METRICS_NAMESPACE); alarms read it. */
export const METRICS_NAMESPACE = 'PhysicianMentors';

/** The business events the functions count; the dashboard and alarms (lib/observability.ts, lib/finance.ts) read them. */
export const BUSINESS_METRICS = {
  /** A session was booked (free or awaiting payment). */
  bookings: 'Bookings',
  /** A payment became a ledger fact (counted once per payment, however often Stripe tells us). */
  paymentsSettled: 'PaymentsSettled',
  /** A refund became a ledger fact. */
  refunds: 'Refunds',
  /** The Stripe webhook answered 5xx: the event was not applied and Stripe redelivers it. */
  webhookFailures: 'WebhookFailures',
  /** A scheduled job threw: Scheduler retries it, then leaves it in the dead-letter queue. */
  jobFailures: 'JobFailures',
  /** Mismatches the daily reconciliation found (functions/jobs/reconcile-ledger.ts). */
  reconciliationMismatches: 'ReconciliationMismatches',
  /** A transfer of a coach's share failed: it is retried, owed and finally dead-lettered (the TransfersFailing alarm). */
  transferFailures: 'TransferFailures',
  /** A dispute was opened on a charge whose coach had already been paid: the platform carries it (alarmed). */
  disputesAfterTransfer: 'DisputesAfterTransfer',
} as const;

export type BusinessMetric = (typeof BUSINESS_METRICS)[keyof typeof BUSINESS_METRICS];

/**
 * The dimensions every metric carries: Powertools always adds `service`, and a stage's alarms
 * must not see another stage's numbers.
 */
export const metricDimensions = (stage: string) => ({ service: SERVICE_NAME, Stage: stage });

/** The Powertools variables every function gets (lib/api.ts, and the local stack, bin/local/stack.ts). */
export const POWERTOOLS_ENVIRONMENT = {
  POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
  POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
};

let metrics: Metrics | undefined;

/**
 * Counts one business event and writes it out at once, so a function that later fails or times out
 * still reports it, and jobs and handlers need no flush of their own.
 */
export function countMetric(name: BusinessMetric, value = 1): void {
  // Created on first use, after the environment (STAGE, the Powertools variables) is in place.
  metrics ??= new Metrics({ defaultDimensions: { Stage: process.env.STAGE ?? 'unknown' } });
  metrics.addMetric(name, MetricUnit.Count, value);
  metrics.publishStoredMetrics();
}
