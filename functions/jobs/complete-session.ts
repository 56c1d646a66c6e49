import { completeSession } from '../workflows/booking/session-outcomes';
import { sessionJob } from '../runtime/session-job';

/** At a session's end: completed, its outcome deadline scheduled; paid only once its outcome says so. */
export const handler = sessionJob('completeSession', completeSession);
