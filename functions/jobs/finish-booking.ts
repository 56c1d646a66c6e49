import { finishConfirmedSession } from '../sessions/confirmation';
import { sessionJob } from './session-job';

/** Retries a confirmed session's meeting and e-mails; throwing makes Scheduler retry once more. */
export const handler = sessionJob('finishBooking', async (sessionId, now) => {
  await finishConfirmedSession(sessionId, now);
  return true;
});
