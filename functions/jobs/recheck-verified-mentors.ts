import { jobHandler } from '../runtime/job-handler';
import { log } from '../runtime/log';
import { recheckVerifiedMentors } from '../workflows/verification/recheck-verified-mentors';
import { jobs } from '../runtime/ports/jobs';

/** Monthly (lib/npi-recheck.ts): every verified mentor's NPI checked again. */
export const handler = jobHandler('recheckVerifiedMentors', async () => {
  const result = await recheckVerifiedMentors(jobs());
  log('info', 'recheckVerifiedMentors', result);
  return result;
});
