import { finishConfirmedSession } from '../sessions/confirmation';
import { sessionJob } from './session-job';

/**
 * A confirmed session's meeting, e-mails and schedules (sessions/confirmation.ts), started by the
 * request or webhook that confirmed it; throwing makes Lambda (or Scheduler) run it again.
 */
export const handler = sessionJob('finishBooking', finishConfirmedSession);
