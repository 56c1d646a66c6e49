import { finishConfirmedSession } from '../workflows/booking/confirmation';
import { followUpLatestMove } from '../workflows/booking/rescheduling';
import { sessionJob } from '../runtime/session-job';

/**
 * A confirmed session's meeting, e-mails and schedules (workflows/booking/confirmation.ts), then what its
 * latest move leaves to do (workflows/booking/rescheduling.ts), started by the table's stream from the
 * write that confirmed or moved it; throwing makes Lambda (or Scheduler) run it again.
 */
export const handler = sessionJob(
  'finishBooking',
  async (sessionId, now) => (await finishConfirmedSession(sessionId, now)) && followUpLatestMove(sessionId, now),
);
