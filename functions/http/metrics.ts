/** The CloudWatch namespace of the product's own metrics; lib/finance.ts alarms on it. */
export const METRICS_NAMESPACE = 'PhysicianMentors';
/** Mismatches the daily reconciliation found (functions/jobs/reconcile-ledger.ts). */
export const RECONCILIATION_MISMATCHES_METRIC = 'ReconciliationMismatches';

/**
 * Publishes a metric by writing one CloudWatch Embedded Metric Format line to the function's log,
 * which CloudWatch turns into a metric without an API call (the format Powertools Metrics writes).
 */
export function putMetric(name: string, value: number, dimensions: Record<string, string>): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  console.log(
    JSON.stringify({
      _aws: {
        Timestamp: Date.now(),
        CloudWatchMetrics: [
          {
            Namespace: METRICS_NAMESPACE,
            Dimensions: [Object.keys(dimensions)],
            Metrics: [{ Name: name, Unit: 'Count' }],
          },
        ],
      },
      ...dimensions,
      [name]: value,
    }),
  );
}
