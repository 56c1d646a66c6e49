import { expirePendingSession } from '../data/sessions';
import { sessionJob } from './session-job';

export const handler = sessionJob('expirePendingPayment', expirePendingSession);
