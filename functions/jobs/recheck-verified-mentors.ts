import { jobQueueFromEnvironment } from '../adapters/job-queue';
import { jobHandler } from '../runtime/job-handler';
import { log } from '../runtime/log';
import { recheckVerifiedMentors } from '../workflows/verification/recheck-verified-mentors';

/** Monthly (lib/npi-recheck.ts): every verified mentor's NPI checked again. */
export const handler = jobHandler('recheckVerifiedMentors', async () => {
  const result = await recheckVerifiedMentors(jobQueueFromEnvironment());
  log('info', 'recheckVerifiedMentors', result);
  return result;
});
