import { mailerFromEnvironment } from '../adapters/mailer';
import { meetingsFromEnvironment } from '../adapters/meetings';
import { type JobName, schedulerFromEnvironment } from '../adapters/scheduler';
import { serviceTokensOf, updateServiceTokens } from '../data/service-connections';
import { getProfile } from '../data/profiles';
import type { SessionItem } from '../data/session-item';
import { cancelSession } from '../data/sessions';
import { assertCancellable, CANCELLABLE_STATUSES, cancelledByOf } from '../domain/cancellation';
import { DomainError } from '../domain/errors';
import { sessionCancellationEmail } from '../domain/session-emails';
import { log } from '../http/log';
import { siteOrigin } from '../http/site';
import { deleteBookingEvent } from './mentor-calendars';
import { refundPaidSession } from './payment-settlement';

const JOBS_OF_A_HELD_SESSION: readonly JobName[] = ['completeSession', 'remindDayBefore', 'remindHourBefore'];

/** Runs one side effect of a cancellation; a failure is logged and never undoes the cancellation. */
async function attempt(step: string, sessionId: string, effect: () => Promise<unknown>): Promise<void> {
  try {
    await effect();
  } catch (error) {
    log('error', `cancellation: ${step} failed`, { sessionId, error: String(error) });
  }
}

async function deleteMeeting(session: SessionItem, now: Date): Promise<void> {
  const meetings = meetingsFromEnvironment();
  if (!session.meetingId || !meetings) return;
  const tokens = await serviceTokensOf('zoom', session.coachId);
  if (!tokens) return;
  const kept = await meetings.deleteMeeting(tokens, session.meetingId);
  if (kept !== tokens) await updateServiceTokens('zoom', session.coachId, kept, now);
}

async function notifyOtherParty(session: SessionItem, cancelledBy: 'coach' | 'mentee', now: Date): Promise<void> {
  const [coach, mentee] = await Promise.all([getProfile(session.coachId), getProfile(session.menteeId)]);
  if (!coach || !mentee) return;
  const [recipient, other, role] =
    cancelledBy === 'coach' ? [mentee, coach, 'mentee' as const] : [coach, mentee, 'coach' as const];
  await mailerFromEnvironment().send(
    sessionCancellationEmail({
      recipient,
      other,
      role,
      session,
      siteOrigin: siteOrigin(),
      now,
      reason: session.cancellationReason ?? '',
    }),
  );
}

/**
 * Either party cancels a held session before it starts (domain/cancellation.ts). The cancellation
 * is one transaction (time released, a free consultation given back); the refund, schedules,
 * meeting and e-mail follow and are only logged when they fail. A repeated cancel answers 409 and
 * refunds nothing more.
 */
export async function cancelByParty(
  session: SessionItem,
  callerId: string,
  reason: string,
  now: Date,
): Promise<SessionItem> {
  const cancelledBy = cancelledByOf(session, callerId);
  if (session.status === 'cancelled' && session.paymentIntentId && !session.refundId) {
    // An earlier cancel whose refund failed: finish it (the provider refunds once per session).
    await attempt('refund', session.id, () => refundPaidSession(session, now));
  }
  assertCancellable(session, cancelledBy, now);
  const cancelled = await cancelSession(session.id, { reason, cancelledBy, from: CANCELLABLE_STATUSES }, now);
  if (!cancelled) throw new DomainError('CONFLICT', 'This session changed meanwhile and can no longer be cancelled.');

  await attempt('refund', session.id, () => refundPaidSession(cancelled, now));
  const scheduler = schedulerFromEnvironment();
  for (const job of JOBS_OF_A_HELD_SESSION) {
    await attempt(`unschedule ${job}`, session.id, () => scheduler.unschedule(job, session.id));
  }
  await attempt('delete meeting', session.id, () => deleteMeeting(cancelled, now));
  const { calendarEvent } = cancelled;
  if (calendarEvent) {
    await attempt('delete calendar event', session.id, () => deleteBookingEvent(session.coachId, calendarEvent, now));
  }
  await attempt('notify the other party', session.id, () => notifyOtherParty(cancelled, cancelledBy, now));
  return cancelled;
}
