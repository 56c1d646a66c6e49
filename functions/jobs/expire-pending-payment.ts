import { expireUnpaidSession } from '../sessions/payment-settlement';
import { sessionJob } from './session-job';

export const handler = sessionJob('expirePendingPayment', expireUnpaidSession);
