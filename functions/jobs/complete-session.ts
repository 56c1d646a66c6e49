import { completeEndedSession } from '../data/sessions';
import { sessionJob } from './session-job';

export const handler = sessionJob('completeSession', completeEndedSession);
