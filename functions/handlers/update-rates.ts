import { saveRates } from '../data/coach-settings';
import { planCalendlyConflict } from '../domain/plans';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { ratesUpdate } from '../schemas/coach-settings';

export const handler = httpHandler({ schemas: { body: ratesUpdate }, auth: true }, async ({ body, caller, now }) => {
  const profile = await requireMentor(caller);
  if (body.calendlyUrl && profile.plan?.active) throw planCalendlyConflict('calendly');
  const saved = await saveRates(caller.userId, body, now);
  // The write refuses a link beside a plan switched on since the profile was read.
  if (!saved) throw planCalendlyConflict('calendly');
  const { hourlyRateCents, offersFreeConsult, freeConsultMinutes, coachBio, calendlyUrl } = saved;
  return {
    status: 200,
    body: {
      hourlyRateCents,
      offersFreeConsult,
      freeConsultMinutes,
      coachBio: coachBio ?? null,
      calendlyUrl: calendlyUrl ?? null,
    },
  };
});
