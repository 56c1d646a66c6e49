import { expireUnpaidSession } from '../workflows/payments/payment-settlement';
import { sessionJob } from '../runtime/session-job';

export const handler = sessionJob('expirePendingPayment', expireUnpaidSession);
