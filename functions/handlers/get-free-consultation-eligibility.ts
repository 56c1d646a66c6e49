import { dynamoCoachStore } from '../data/coaches';
import { hasUsedFreeConsultation } from '../data/free-consultations';
import { DomainError } from '../domain/errors';
import { httpHandler } from '../http/handler';
import { coachPath } from '../schemas/coach';

/** Whether the caller may still book this coach's one free consultation. */
export const handler = httpHandler({ schemas: { path: coachPath }, auth: true }, async ({ path, caller }) => {
  const coach = await dynamoCoachStore.getPublished(path.coachId);
  if (!coach) throw new DomainError('NOT_FOUND', 'This mentor does not exist or is not taking bookings.');
  const eligible =
    coach.offersFreeConsult &&
    caller.userId !== coach.userId &&
    !(await hasUsedFreeConsultation(caller.userId, coach.userId));
  return { status: 200, body: { eligible } };
});
