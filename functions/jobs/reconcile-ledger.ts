import { DateTime } from 'luxon';
import * as z from 'zod';
import { integrationSecretsLoaded } from '../adapters/integration-secrets';
import { paymentsFromEnvironment } from '../adapters/payments';
import { log } from '../http/log';
import { putMetric, RECONCILIATION_MISMATCHES_METRIC } from '../http/metrics';
import { reconcileDay } from '../sessions/reconciliation';

/** The daily schedule sends `{}` (the UTC day that just ended); an operator may name a day to re-run. */
const reconcileEvent = z.object({ day: z.iso.date().optional() });

export const handler = async (event: unknown) => {
  const { day } = reconcileEvent.parse(event ?? {});
  await integrationSecretsLoaded();
  const now = new Date();
  const target = day ?? (DateTime.fromJSDate(now, { zone: 'utc' }).minus({ days: 1 }).toISODate() as string);
  const result = await reconcileDay(paymentsFromEnvironment(), target, now);
  putMetric(RECONCILIATION_MISMATCHES_METRIC, result.mismatches.length, { Stage: process.env.STAGE ?? 'unknown' });
  log(result.mismatches.length ? 'warn' : 'info', 'reconcileLedger', {
    day: target,
    matched: result.matched,
    mismatches: result.mismatches,
  });
  return result;
};
