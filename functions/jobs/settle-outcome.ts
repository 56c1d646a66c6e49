import { settleSessionOutcome } from '../workflows/booking/session-outcomes';
import { sessionJob } from '../runtime/session-job';

/** At the end of a session's outcome window: a pending outcome was delivered, and the coach is paid (a failed transfer throws: retried, then dead-lettered). */
export const handler = sessionJob('settleOutcome', settleSessionOutcome);
