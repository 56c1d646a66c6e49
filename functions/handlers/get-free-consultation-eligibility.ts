import { publishedCoach } from '../http/directory';
import { hasUsedFreeConsultation } from '../data/free-consultations';
import { httpHandler } from '../http/handler';
import { coachPath } from '../schemas/coach';

/** Whether the caller may still book this coach's one free consultation. */
export const handler = httpHandler({ schemas: { path: coachPath }, auth: true }, async ({ path, caller }) => {
  const coach = await publishedCoach(path.coachId);
  const eligible =
    coach.offersFreeConsult &&
    caller.userId !== coach.userId &&
    !(await hasUsedFreeConsultation(caller.userId, coach.userId));
  return { status: 200, body: { eligible } };
});
