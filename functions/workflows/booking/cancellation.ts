import { serviceTokensOf, updateServiceTokens } from '../../data/service-connections';
import { getProfile } from '../../data/profiles';
import type { SessionItem } from '../../domain/session-item';
import { type Cancellation, getSession, storeCancellation } from '../../data/sessions';
import { getSubscription } from '../../data/subscriptions';
import { auditEntry } from '../../domain/audit';
import {
  assertCancellable,
  assertHeld,
  CANCELLABLE_STATUSES,
  cancelledByOf,
  givenBackByCancelling,
  type SupportRefund,
  supportRefundCents,
} from '../../domain/cancellation';
import { payCoachForSession } from '../payments/coach-transfer';
import type { SessionStatus } from '../../domain/session-status';
import { DomainError } from '../../domain/errors';
import { sessionCancellationEmail } from '../../domain/session-emails';
import { log } from '../../runtime/log';
import { siteOrigin } from '../../runtime/site';
import { refundRequestOf } from '../../data/refunds';
import { deleteBookingEvent } from '../calendars/booking-events';
import type { JobName } from '../../domain/ports';
import { mailer } from '../../runtime/ports/mailer';
import { meetings } from '../../runtime/ports/meetings';
import { scheduler } from '../../runtime/ports/scheduler';

export const JOBS_OF_A_HELD_SESSION: readonly JobName[] = ['completeSession', 'remindDayBefore', 'remindHourBefore'];

const MAX_CANCEL_ATTEMPTS = 5;

/**
 * Cancels a session whose status is one of `from`: reads it (and a plan session's subscription),
 * decides what the cancellation gives back (domain/cancellation.ts), and stores it all in one
 * transaction; a session that changed meanwhile is read and decided again. Answers the cancelled
 * session, or null when its status does not allow this cancellation.
 */
export async function cancelSession(
  sessionId: string,
  cancellation: Omit<Cancellation, 'givenBack'> & { from: readonly SessionStatus[] },
  now: Date,
): Promise<SessionItem | null> {
  for (let attempt = 1; attempt <= MAX_CANCEL_ATTEMPTS; attempt++) {
    const session = await getSession(sessionId);
    if (!session || !cancellation.from.includes(session.status)) return null;
    const subscription =
      session.paidBy === 'plan' && session.subscriptionId ? await getSubscription(session.subscriptionId) : null;
    const givenBack = givenBackByCancelling(session, cancellation.cancelledBy, subscription?.credits, now);
    const cancelled = await storeCancellation(session, { ...cancellation, givenBack }, now);
    if (cancelled) return cancelled;
  }
  throw new Error(`Session ${sessionId} changed under each of ${MAX_CANCEL_ATTEMPTS} attempts to cancel it`);
}

/** Runs one side effect of a cancellation; a failure is logged and never undoes the cancellation. */
async function attempt(step: string, sessionId: string, effect: () => Promise<unknown>): Promise<void> {
  try {
    await effect();
  } catch (error) {
    log('error', `cancellation: ${step} failed`, { sessionId, error: String(error) });
  }
}

/** The session's meeting on the coach's Zoom, deleted (nothing to do without one). */
export async function deleteMeeting(session: SessionItem, now: Date): Promise<void> {
  const provider = meetings();
  if (!session.meetingId || !provider) return;
  const tokens = await serviceTokensOf('zoom', session.coachId);
  if (!tokens) return;
  await provider.deleteMeeting(tokens, session.meetingId, (fresh) =>
    updateServiceTokens('zoom', session.coachId, fresh, now),
  );
}

/** Both parties hear of it, the one who cancelled included; the mentee of a paid session that the refund is requested. */
async function notifyParties(
  session: SessionItem,
  cancelledBy: 'coach' | 'mentee' | 'support',
  now: Date,
): Promise<void> {
  const [coach, mentee] = await Promise.all([getProfile(session.coachId), getProfile(session.menteeId)]);
  if (!coach || !mentee) return;
  const letters = [
    { recipient: mentee, other: coach, role: 'mentee' as const },
    { recipient: coach, other: mentee, role: 'coach' as const },
  ];
  for (const letter of letters) {
    await attempt(`e-mail the ${letter.role}`, session.id, () =>
      mailer().send(
        sessionCancellationEmail({
          ...letter,
          session,
          siteOrigin: siteOrigin(),
          now,
          reason: session.cancellationReason ?? '',
          cancelledBy,
          refundRequestedCents: session.refund?.amountCents ?? null,
        }),
      ),
    );
  }
}

/**
 * Either party cancels a held session before it starts (domain/cancellation.ts). The cancellation
 * is one transaction (time released, a free consultation given back, a paid session's refund
 * requested); the schedules, meeting and e-mails follow and are only logged when they fail, and the
 * table's stream starts the refund job (workflows/booking/session-work.ts). A repeated cancel answers 409.
 */
export async function cancelByParty(
  session: SessionItem,
  callerId: string,
  reason: string,
  now: Date,
): Promise<SessionItem> {
  const cancelledBy = cancelledByOf(session, callerId);
  assertCancellable(session, cancelledBy, now);
  const cancelled = await cancelSession(
    session.id,
    { reason, cancelledBy, from: CANCELLABLE_STATUSES, refund: refundRequestOf(session) },
    now,
  );
  if (!cancelled)
    throw new DomainError('CONCURRENT_CHANGE', 'This session changed meanwhile and can no longer be cancelled.');
  await afterCancelling(cancelled, cancelledBy, now);
  return cancelled;
}

/**
 * `POST /api/support/sessions/{id}/cancel`: support cancels a held session for its parties, started
 * or not, with the refund it chose (domain/cancellation.ts supportRefundCents). The cancellation, its
 * refund request, what it gives back and the audit entry are one transaction, so of concurrent
 * cancels one wins and the others answer 409; then what a party's cancel does follows, and the coach
 * is paid the share of what was not refunded (payCoachForSession, as for a split).
 */
export async function cancelBySupport(
  sessionId: string,
  staffId: string,
  input: { reason: string; refund: SupportRefund },
  now: Date,
): Promise<SessionItem> {
  const session = await getSession(sessionId);
  if (!session) throw new DomainError('NOT_FOUND', 'Session not found');
  assertHeld(session);
  const refundCents = supportRefundCents(session, input.refund);
  const decision = { refundCents, by: staffId, at: now.toISOString() };
  const audit = auditEntry(
    {
      actor: staffId,
      action: 'cancel_session',
      subject: `session:${sessionId}`,
      reason: input.reason,
      before: { status: session.status },
      after: { status: 'cancelled', refundCents },
    },
    now,
  );
  const cancelled = await cancelSession(
    sessionId,
    {
      reason: input.reason,
      cancelledBy: 'support',
      from: [session.status],
      ...(refundCents > 0 && session.paymentIntentId
        ? { refund: { paymentIntentId: session.paymentIntentId, amountCents: refundCents } }
        : {}),
      bySupport: { decision, audit },
    },
    now,
  );
  if (!cancelled) {
    assertHeld((await getSession(sessionId)) ?? session);
    throw new DomainError('CONCURRENT_CHANGE', 'This session changed meanwhile. Read it again and retry.');
  }
  await afterCancelling(cancelled, 'support', now);
  await payCoachForSession(sessionId, now);
  return cancelled;
}

/**
 * What follows a held session's cancellation: its schedules, meeting and calendar event go and both
 * parties are e-mailed; each step is only logged when it fails (the refund job starts from the stream).
 */
export async function afterCancelling(cancelled: SessionItem, cancelledBy: 'coach' | 'mentee' | 'support', now: Date) {
  for (const job of JOBS_OF_A_HELD_SESSION) {
    await attempt(`unschedule ${job}`, cancelled.id, () => scheduler().unschedule(job, cancelled.id));
  }
  await attempt('delete meeting', cancelled.id, () => deleteMeeting(cancelled, now));
  const { calendarEvent } = cancelled;
  if (calendarEvent) {
    await attempt('delete calendar event', cancelled.id, () =>
      deleteBookingEvent(cancelled.coachId, calendarEvent, now),
    );
  }
  await notifyParties(cancelled, cancelledBy, now);
}
