import { completeAndPayCoach } from '../sessions/coach-transfer';
import { sessionJob } from './session-job';

/** At a session's end: completed, and its coach paid (a failed transfer throws: retried, then dead-lettered). */
export const handler = sessionJob('completeSession', completeAndPayCoach);
