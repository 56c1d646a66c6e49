import { FUNCTION_TIMEOUT_SECONDS } from '../../runtime/dependency-budget';
import { claimFollowUp, markFollowUpDone, releaseFollowUp } from '../../data/follow-ups';
import type { SessionSideFields } from '../../data/sessions';

/** Longer than the run that claims it can live (the function timeout), shorter than Lambda's first retry delay. */
const FOLLOW_UP_LEASE_MS = (FUNCTION_TIMEOUT_SECONDS + 5) * 1000;

/** Another run is doing this follow-up right now; throwing makes this run's job retry later, when it is done. */
export class FollowUpInProgressError extends Error {
  constructor(sessionId: string, name: string) {
    super(`Follow-up ${name} of session ${sessionId} is being done by another run`);
    this.name = 'FollowUpInProgressError';
  }
}

/**
 * Does one follow-up of a held session exactly once across every run of its job: skipped once
 * done, released for a retry when `work` fails. The session fields `work` answers (a meeting's
 * link) are recorded in the same write that marks it done. Answers false when the session is no
 * longer held, so the job stops there (a cancelled session gets no more e-mails).
 */
export async function followUpOnceRecording(
  sessionId: string,
  name: string,
  now: Date,
  work: () => Promise<SessionSideFields>,
): Promise<boolean> {
  const until = new Date(now.getTime() + FOLLOW_UP_LEASE_MS);
  const claim = await claimFollowUp(sessionId, name, until, now);
  if (claim === 'in_progress') throw new FollowUpInProgressError(sessionId, name);
  if (claim !== 'claimed') return claim === 'done';
  let fields: SessionSideFields;
  try {
    fields = await work();
  } catch (error) {
    await releaseFollowUp(sessionId, name, until);
    throw error;
  }
  await markFollowUpDone(sessionId, name, fields, now);
  return true;
}

/** {@link followUpOnceRecording} for an effect that leaves nothing on the session (an e-mail, a schedule). */
export const followUpOnce = (sessionId: string, name: string, now: Date, effect: () => Promise<unknown>) =>
  followUpOnceRecording(sessionId, name, now, async () => {
    await effect();
    return {};
  });
