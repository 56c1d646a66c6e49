import { savePlan } from '../data/coach-settings';
import { DomainError } from '../domain/errors';
import { planCalendlyConflict } from '../domain/plans';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { planInput } from '../schemas/plans';

/** `PUT /api/me/plan` → the plan; 409 SETUP_INCOMPLETE until the coach can be paid, PLAN_CALENDLY_CONFLICT beside a Calendly link. */
export const handler = httpHandler({ schemas: { body: planInput }, auth: true }, async ({ body, caller, now }) => {
  const profile = await requireMentor(caller);
  if (!(profile.stripeAccountId && profile.stripeOnboardingComplete)) {
    throw new DomainError('SETUP_INCOMPLETE', 'Finish setting up your payment account before offering a plan.', [
      'paymentAccount',
    ]);
  }
  if (body.active && profile.calendlyUrl) throw planCalendlyConflict('plan');
  // The profile as read may be stale: the write itself refuses a plan beside a link saved meanwhile.
  if (!(await savePlan(caller.userId, body, now))) throw planCalendlyConflict('plan');
  return { status: 200, body };
});
