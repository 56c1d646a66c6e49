import { log } from '../runtime/log';
import { payOwedTransfers } from '../workflows/payments/coach-transfer';
import { jobHandler } from '../runtime/job-handler';

/** Daily, on its own schedule (lib/finance.ts): tries every transfer the platform owes a coach again. */
export const handler = jobHandler('payOwedTransfers', async () => {
  const results = await payOwedTransfers(new Date());
  log('info', 'payOwedTransfers', results);
  return results;
});
