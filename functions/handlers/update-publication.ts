import { availabilityOfCoach } from '../data/availability';
import { savePublication } from '../data/coach-settings';
import { DomainError } from '../domain/errors';
import { SETUP_ITEM_LABELS, setupChecklist } from '../domain/publication';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { publicationUpdate } from '../schemas/coach-settings';

/** Unpublishing always works; publishing needs the required setup. Existing sessions are untouched either way. */
export const handler = httpHandler(
  { schemas: { body: publicationUpdate }, auth: true },
  async ({ body, caller, now }) => {
    const profile = await requireMentor(caller);
    if (body.published) {
      const checklist = setupChecklist(profile, (await availabilityOfCoach(caller.userId)).length);
      if (!checklist.ready) {
        throw new DomainError(
          'SETUP_INCOMPLETE',
          'Complete the required setup before publishing your profile.',
          checklist.missing.map((item) => ({ item, label: SETUP_ITEM_LABELS[item] })),
        );
      }
    }
    if (!(await savePublication(profile, body.published, now))) {
      throw new DomainError('CONCURRENT_CHANGE', 'Your profile changed while publishing. Please try again.');
    }
    return { status: 200, body: { published: body.published } };
  },
);
