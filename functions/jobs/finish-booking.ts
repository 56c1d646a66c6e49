import { finishConfirmedSession } from '../sessions/confirmation';
import { followUpLatestMove } from '../sessions/rescheduling';
import { sessionJob } from './session-job';

/**
 * A confirmed session's meeting, e-mails and schedules (sessions/confirmation.ts), then what its
 * latest move leaves to do (sessions/rescheduling.ts), started by the request, webhook or stream
 * write that confirmed or moved it; throwing makes Lambda (or Scheduler) run it again.
 */
export const handler = sessionJob(
  'finishBooking',
  async (sessionId, now) => (await finishConfirmedSession(sessionId, now)) && followUpLatestMove(sessionId, now),
);
