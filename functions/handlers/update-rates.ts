import { saveRates } from '../data/coach-settings';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { ratesUpdate } from '../schemas/coach-settings';

export const handler = httpHandler({ schemas: { body: ratesUpdate }, auth: true }, async ({ body, caller, now }) => {
  await requireMentor(caller);
  const saved = await saveRates(caller.userId, body, now);
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
