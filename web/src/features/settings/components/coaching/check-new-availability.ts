import { planAvailability } from '@functions/domain/availability';
import { DomainError } from '@functions/domain/errors';
import type { Availability, NewAvailability } from '@functions/schemas/availability';

export const MISSING_INFORMATION_TITLE = 'Missing Information';
const OVERLAP_TITLE = 'Overlapping Time Slot';

/** The field a refusal is shown beside, by the title the server's rules give it. */
const PROBLEM_FIELDS: Record<string, keyof NewAvailability> = {
  [MISSING_INFORMATION_TITLE]: 'date',
  'Invalid Time Zone': 'timezone',
  'Invalid Date': 'date',
  'Invalid Time Range': 'endTime',
  [OVERLAP_TITLE]: 'startTime',
};

export interface SlotProblem {
  title: string;
  message: string;
  field: keyof NewAvailability;
}

/** The title the server's rules give a refusal: the first detail's, or the overlap's own. */
function problemOf(error: DomainError): SlotProblem {
  const [detail] = (error.details ?? []) as Partial<SlotProblem>[];
  const title = detail?.title ?? OVERLAP_TITLE;
  return { title, message: error.message, field: PROBLEM_FIELDS[title] ?? 'date' };
}

/**
 * The server's own checks (spec section 5, 'Availability slot') run in the browser first, so a
 * coach sees the same title and message without a round trip. Null when the window may be added.
 */
export function checkNewAvailability(
  input: NewAvailability,
  existing: readonly Availability[],
  now: Date,
): SlotProblem | null {
  try {
    planAvailability(input, existing, now);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return problemOf(error);
    throw error;
  }
}
