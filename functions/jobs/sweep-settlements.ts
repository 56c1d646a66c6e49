import { log } from '../runtime/log';
import { BUSINESS_METRICS, countMetric } from '../runtime/metrics';
import { jobHandler } from '../runtime/job-handler';
import { sweepSettlements } from '../workflows/payments/settlement-sweep';

/** Daily, on its own schedule (lib/finance.ts): settles what is past its end, and counts what it cannot (alarmed). */
export const handler = jobHandler('sweepSettlements', async () => {
  const sweep = await sweepSettlements(new Date());
  // Every run counts, 0 too: the alarm reads each day's count.
  countMetric(BUSINESS_METRICS.settlementsStuck, sweep.stuck.length);
  log(sweep.stuck.length ? 'warn' : 'info', 'sweepSettlements', {
    looked: sweep.looked,
    settled: sweep.settled,
    waiting: sweep.waiting,
    withSupport: sweep.withSupport,
    stuck: sweep.stuck.length,
  });
  return sweep;
});
