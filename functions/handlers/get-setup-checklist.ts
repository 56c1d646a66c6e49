import { availabilityOfCoach } from '../data/availability';
import { setupChecklist } from '../domain/publication';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import type { SetupChecklistView } from '../schemas/coach-settings';

export const handler = httpHandler({ auth: true }, async ({ caller }) => {
  const profile = await requireMentor(caller);
  const checklist = setupChecklist(profile, (await availabilityOfCoach(caller.userId)).length);
  const body: SetupChecklistView = { published: profile.published, ...checklist };
  return { status: 200, body };
});
