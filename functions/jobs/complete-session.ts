import { completeAndPayCoach } from '../workflows/payments/coach-transfer';
import { sessionJob } from '../runtime/session-job';

/** At a session's end: completed, and its coach paid (a failed transfer throws: retried, then dead-lettered). */
export const handler = sessionJob('completeSession', completeAndPayCoach);
