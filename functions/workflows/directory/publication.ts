import { availabilityOfCoach } from '../../data/availability';
import { savePublication } from '../../data/coach-settings';
import { DomainError } from '../../domain/errors';
import type { ProfileItem } from '../../domain/profile-item';
import { SETUP_ITEM_LABELS, setupChecklist } from '../../domain/publication';

/** Unpublishing always works; publishing needs the required setup. Existing sessions are untouched either way. */
export async function setPublished(mentor: ProfileItem, published: boolean, now: Date): Promise<void> {
  if (published) {
    const checklist = setupChecklist(mentor, (await availabilityOfCoach(mentor.userId)).length);
    if (!checklist.ready) {
      throw new DomainError(
        'SETUP_INCOMPLETE',
        'Complete the required setup before publishing your profile.',
        checklist.missing.map((item) => ({ item, label: SETUP_ITEM_LABELS[item] })),
      );
    }
  }
  if (!(await savePublication(mentor, published, now))) {
    throw new DomainError('CONCURRENT_CHANGE', 'Your profile changed while publishing. Please try again.');
  }
}
