import { npiCheckPorts, runNpiCheck, userIdOfNpiCheckJob } from '../workflows/verification/npi-checks';
import { sessionJob } from '../runtime/session-job';

/** One mentor's NPI check: started by a new name or registration, a retry's schedule, or the monthly re-check. */
export const handler = sessionJob('checkNpi', async (jobId, now) => {
  const record = await runNpiCheck(userIdOfNpiCheckJob(jobId), npiCheckPorts(), now);
  return record !== null;
});
