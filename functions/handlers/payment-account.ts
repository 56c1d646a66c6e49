import { callerSignIn } from '../http/caller';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { paymentAccountRequest } from '../schemas/payment-account';
import { paymentAccountAction } from '../workflows/payments/payment-account';
import { accounts } from '../runtime/ports/identity';
import { payments } from '../runtime/ports/payments';

/** `POST /api/me/payment-account {action}` → `{url}` (create, dashboard) or the account's status (refresh_status). */
export const handler = httpHandler(
  { schemas: { body: paymentAccountRequest }, auth: true },
  async ({ body, caller, event, now }) => {
    const mentor = await requireMentor(caller);
    const ports = { payments: payments(), accounts: accounts() };
    return {
      status: 200,
      body: await paymentAccountAction(ports, mentor, body.action, () => callerSignIn(event), now),
    };
  },
);
