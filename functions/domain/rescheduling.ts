import { assertBookingWindow, assertInsideAvailability, isSessionDuration } from './booking';
import type { SessionStatus } from './session-status';
import { DomainError } from './errors';
import type { AvailabilityWindow } from './slots';

/** The rescheduling policy (issue 25); the reason rule itself is schemas/session-actions.ts, shared with the SPA. */
export const MAX_RESCHEDULES = 2;
/** The mentee may move a session until this many hours before its start; the coach until the start. */
export const MENTEE_RESCHEDULE_LEAD_HOURS = 24;
export const MAX_RESCHEDULE_REASON_LENGTH = 500;
export const RESCHEDULE_REASON_REQUIRED = 'Please give a reason for moving this session.';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60_000;

export type ReschedulingParty = 'coach' | 'mentee';

export interface ReschedulableSession {
  status: SessionStatus;
  start: string;
  durationMinutes: number;
  bookingMethod: 'slot' | 'external_calendar';
  rescheduleCount?: number;
}

export type RescheduleRefusal = {
  code: 'NOT_RESCHEDULABLE' | 'RESCHEDULE_LIMIT' | 'TOO_LATE_TO_RESCHEDULE';
  message: string;
};

/** Why `by` may not move this session now, or null when they may; the dashboard shows the message. */
export function rescheduleRefusal(
  session: ReschedulableSession,
  by: ReschedulingParty,
  now: Date,
): RescheduleRefusal | null {
  const start = Date.parse(session.start);
  if (session.status === 'cancelled') return { code: 'NOT_RESCHEDULABLE', message: 'This session is cancelled.' };
  if (session.status === 'completed') {
    return { code: 'NOT_RESCHEDULABLE', message: 'This session has already taken place.' };
  }
  if (session.status !== 'confirmed' && session.status !== 'scheduled') {
    return { code: 'NOT_RESCHEDULABLE', message: 'This session is awaiting payment and cannot be moved.' };
  }
  if (now.getTime() >= start) {
    return { code: 'NOT_RESCHEDULABLE', message: 'This session has already started and can no longer be moved.' };
  }
  if (session.bookingMethod !== 'slot') {
    return {
      code: 'NOT_RESCHEDULABLE',
      message: "A session booked through the mentor's own calendar is moved there, not here.",
    };
  }
  if ((session.rescheduleCount ?? 0) >= MAX_RESCHEDULES) {
    return { code: 'RESCHEDULE_LIMIT', message: `A session can be moved at most ${MAX_RESCHEDULES} times.` };
  }
  if (by === 'mentee' && start - now.getTime() < MENTEE_RESCHEDULE_LEAD_HOURS * HOUR_MS) {
    return {
      code: 'TOO_LATE_TO_RESCHEDULE',
      message: `Sessions can be moved up to ${MENTEE_RESCHEDULE_LEAD_HOURS} hours before they start.`,
    };
  }
  return null;
}

/**
 * Decides a reschedule on the server: who may move the session now, and to which start (another
 * start of the coach's availability for the same length, inside the usual booking window). Whether
 * the new time is still free is left to the transaction that moves it.
 */
export function planReschedule(input: {
  session: ReschedulableSession & { isFreeConsultation: boolean };
  by: ReschedulingParty;
  start: Date;
  availability: readonly AvailabilityWindow[];
  now: Date;
}): { start: Date; end: Date } {
  const { session, by, start, now } = input;
  const refusal = rescheduleRefusal(session, by, now);
  if (refusal) throw new DomainError(refusal.code, refusal.message);
  assertBookingWindow(start, now, session.isFreeConsultation ? 'free' : 'paid');
  if (start.getTime() === Date.parse(session.start)) {
    throw new DomainError('VALIDATION_FAILED', 'Choose a different time.', [
      { field: 'start', message: 'Choose a different time.' },
    ]);
  }
  if (!isSessionDuration(session.durationMinutes)) {
    throw new DomainError('NOT_RESCHEDULABLE', 'This session cannot be moved.');
  }
  assertInsideAvailability(input.availability, start, session.durationMinutes, now);
  return { start, end: new Date(start.getTime() + session.durationMinutes * MINUTE_MS) };
}
