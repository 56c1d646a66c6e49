import { DateTime } from 'luxon';
import * as z from '../schemas/zod';
import { log } from '../runtime/log';
import { BUSINESS_METRICS, countMetric } from '../runtime/metrics';
import { reconcileDay } from '../workflows/payments/reconciliation';
import { jobHandler } from '../runtime/job-handler';
import { payments } from '../runtime/ports/payments';

/** The daily schedule sends `{}` (the UTC day that just ended); an operator may name a day to re-run. */
const reconcileEvent = z.object({ day: z.optional(z.iso.date()) });

export const handler = jobHandler('reconcileLedger', async (event) => {
  const { day } = reconcileEvent.parse(event ?? {});
  const now = new Date();
  const target = day ?? (DateTime.fromJSDate(now, { zone: 'utc' }).minus({ days: 1 }).toISODate() as string);
  const result = await reconcileDay(payments(), target, now);
  countMetric(BUSINESS_METRICS.reconciliationMismatches, result.mismatches.length);
  log(result.mismatches.length ? 'warn' : 'info', 'reconcileLedger', {
    day: target,
    matched: result.matched,
    mismatches: result.mismatches,
  });
  return result;
});
