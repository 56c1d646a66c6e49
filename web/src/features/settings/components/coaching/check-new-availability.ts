import { planAvailability } from '@functions/domain/availability';
import { DomainError } from '@functions/domain/errors';
import {
  type Availability,
  MISSING_INFORMATION,
  type NewAvailability,
  newAvailability,
} from '@functions/schemas/availability';

interface SlotProblem {
  title: string;
  message: string;
}

const OVERLAP_TITLE = 'Overlapping Time Slot';

/** The title the server's rules give a refusal: the first detail's, or the overlap's own. */
function problemOf(error: DomainError): SlotProblem {
  const [detail] = (error.details ?? []) as Partial<SlotProblem>[];
  return { title: detail?.title ?? OVERLAP_TITLE, message: error.message };
}

/**
 * The server's own checks (spec section 5, 'Availability slot') run in the browser first, so a
 * coach sees the same title and message without a round trip. Null when the window may be added.
 */
export function checkNewAvailability(
  input: Partial<NewAvailability>,
  existing: readonly Availability[],
  now: Date,
): SlotProblem | null {
  const parsed = newAvailability.safeParse(input);
  if (!parsed.success) return { title: 'Missing Information', message: MISSING_INFORMATION };
  try {
    planAvailability(parsed.data, existing, now);
    return null;
  } catch (error) {
    if (error instanceof DomainError) return problemOf(error);
    throw error;
  }
}
