import { savePlan } from '../data/coach-settings';
import { DomainError } from '../domain/errors';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { planInput } from '../schemas/plans';

/** `PUT /api/me/plan` → the plan; 409 SETUP_INCOMPLETE until the coach can be paid. */
export const handler = httpHandler({ schemas: { body: planInput }, auth: true }, async ({ body, caller, now }) => {
  const profile = await requireMentor(caller);
  if (!(profile.stripeAccountId && profile.stripeOnboardingComplete)) {
    throw new DomainError('SETUP_INCOMPLETE', 'Finish setting up your payment account before offering a plan.', [
      'paymentAccount',
    ]);
  }
  await savePlan(caller.userId, body, now);
  return { status: 200, body };
});
