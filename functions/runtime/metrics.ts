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
  /** A refund failed for good: every try refused, or the bank returned it (the RefundsFailing alarm). */
  refundsFailed: 'RefundsFailed',
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
  /** What the daily settlement sweep could not settle, each run (functions/jobs/sweep-settlements.ts; the SettlementsStuck alarm). */
  settlementsStuck: 'SettlementsStuck',
  /**
   * A refund or dispute of a charge with no payment in the ledger, given up on after an hour of
   * Stripe's retries (a charge refunded or disputed in Stripe's Dashboard, or one the product does not know): alarmed.
   */
  unmatchedCharges: 'UnmatchedCharges',
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

/** How long each call to a dependency took (functions/runtime/dependency-latency.ts), by `dependency` and `operation`. */
export const DEPENDENCY_LATENCY = 'DependencyLatency';

/**
 * The dependencies the functions call, by the name their calls are timed under, and when a call
 * counts as slow: it is logged, and an average this slow for 15 minutes raises an alarm
 * (lib/observability.ts). DynamoDB answers in milliseconds; the rest are a network hop or the
 * internet away. A dependency missing here is still timed and logged, at DEFAULT_SLOW_CALL_MS.
 */
export const SLOW_CALL_MS = {
  DynamoDB: 100,
  S3: 500,
  SES: 1_000,
  Scheduler: 1_000,
  Cognito: 1_000,
  Lambda: 1_000,
  SecretsManager: 1_000,
  Stripe: 1_500,
  Zoom: 1_500,
  Calendly: 1_500,
} as const satisfies Record<string, number>;
export const DEFAULT_SLOW_CALL_MS = 1_000;
export const slowCallMs = (dependency: string): number =>
  (SLOW_CALL_MS as Record<string, number>)[dependency] ?? DEFAULT_SLOW_CALL_MS;

let metrics: Metrics | undefined;

// Created on first use, after the environment (STAGE, the Powertools variables) is in place.
const stageMetrics = () => {
  metrics ??= new Metrics({ defaultDimensions: { Stage: process.env.STAGE ?? 'unknown' } });
  return metrics;
};

/**
 * Counts one business event and writes it out at once, so a function that later fails or times out
 * still reports it, and jobs and handlers need no flush of their own.
 */
export function countMetric(name: BusinessMetric, value = 1): void {
  stageMetrics().addMetric(name, MetricUnit.Count, value).publishStoredMetrics();
}

/**
 * One dependency call's duration, written out at once like {@link countMetric}: the calls of an
 * invocation that runs into its timeout are the ones worth seeing.
 */
export function recordDependencyLatency(dependency: string, operation: string, durationMs: number): void {
  stageMetrics()
    .addDimension('dependency', dependency)
    .addDimension('operation', operation)
    .addMetric(DEPENDENCY_LATENCY, MetricUnit.Milliseconds, durationMs)
    .publishStoredMetrics();
}
