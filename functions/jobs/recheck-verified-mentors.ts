import { jobQueueFromEnvironment } from '../adapters/job-queue';
import { verifiedMentorIds } from '../data/npi-verifications';
import { log } from '../runtime/log';
import { jobHandler } from '../runtime/job-handler';

/**
 * Monthly (lib/npi-recheck.ts): a re-check of every verified mentor, each its own `checkNpi` job, so
 * one that fails is retried and dead-lettered alone while the others go on.
 */
export const handler = jobHandler('recheckVerifiedMentors', async () => {
  const mentorIds = await verifiedMentorIds();
  const jobs = jobQueueFromEnvironment();
  for (const userId of mentorIds) await jobs.start('checkNpi', userId);
  log('info', 'recheckVerifiedMentors', { started: mentorIds.length });
  return { started: mentorIds.length };
});
