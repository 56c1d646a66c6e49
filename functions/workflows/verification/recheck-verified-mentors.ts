import { verifiedMentorIds } from '../../data/npi-verifications';
import type { JobQueue } from '../../domain/ports';

/**
 * A re-check of every verified mentor, each its own `checkNpi` job, so one that fails is retried
 * and dead-lettered alone while the others go on.
 */
export async function recheckVerifiedMentors(jobs: JobQueue): Promise<{ started: number }> {
  const mentorIds = await verifiedMentorIds();
  for (const userId of mentorIds) await jobs.start('checkNpi', userId);
  return { started: mentorIds.length };
}
