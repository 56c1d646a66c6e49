import type { SessionItem } from '../../domain/session-item';
import { requestRefund } from '../../data/refunds';
import { confirmPayment, getSession, markPaymentAbandoned } from '../../data/sessions';
import { sessionNotBookedEmail } from '../../domain/session-emails';
import { PAYMENT_ABANDONED_REASON, PAYMENT_EXPIRED_REASON } from '../../domain/session-status';
import { type PaidCheckout, paidAfterStart, settlementMismatch } from '../../domain/settlement';
import { log } from '../../runtime/log';
import { menteeLetter } from './mentee-letter';
import { isLiveStage } from '../../runtime/stage';
import { cancelSession } from '../booking/cancellation';
import type { CheckoutState } from '../../domain/ports';
import { mailer } from '../../runtime/ports/mailer';
import { payments } from '../../runtime/ports/payments';
import { scheduler } from '../../runtime/ports/scheduler';

const TIME_LOST_REASON =
  'The time was no longer available when the payment arrived; the payment is being refunded in full.';
const PAID_AFTER_START_REASON =
  "The payment arrived after the session's start time; the payment is being refunded in full.";

/**
 * Whether a payment may settle `session` (domain/settlement.ts). One that may not settles nothing
 * and goes to no ledger: the daily reconciliation shows its charge.
 */
export function paymentMatches(session: SessionItem, paid: PaidCheckout): boolean {
  const mismatch = settlementMismatch(session, paid, isLiveStage());
  if (mismatch) {
    log('error', 'a payment that does not match its session settles nothing', { sessionId: session.id, mismatch });
  }
  return !mismatch;
}

/**
 * The provider says the checkout of `session` (as just read) is paid, by a payment that
 * {@link paymentMatches}: its event, or our own look at the checkout. Applies once however often it
 * is told, and gives the money back when the session can no longer be held. Answers with the
 * session as it left it. The table's stream starts what the write leaves to do (the meeting, e-mails
 * and reminders of a paid session, a refund's first try: workflows/booking/session-work.ts), even
 * when this process dies right after it.
 */
export async function settlePaidCheckout(session: SessionItem, paid: PaidCheckout, now: Date): Promise<SessionItem> {
  const { paymentIntentId } = paid;
  // Judged by `now`, when this process learns of the payment, not by the event's `created` (Stripe's
  // clock, signed, so as trustworthy): what decides is whether the session can still be held, and a
  // payment made in time but told late (the webhook down, its deliveries retried for days, or found
  // by our own look at the checkout, which has no event time) reaches nobody before the start either.
  if (session.status === 'pending_payment' && paidAfterStart(session, now)) {
    log('warn', 'payment arrived after the session started; refunding', {
      sessionId: session.id,
      start: session.start,
    });
    return refundUnheldPayment(session, paid, PAID_AFTER_START_REASON, now);
  }
  const outcome = await confirmPayment(session, paymentIntentId, now);
  switch (outcome.result) {
    case 'scheduled':
      await scheduler().unschedule('expirePendingPayment', session.id);
      return outcome.session;
    case 'not_pending':
      // Paid already (a redelivery, or our own look came first): the run that paid it may have died before this.
      if (outcome.session.status === 'scheduled') {
        await scheduler().unschedule('expirePendingPayment', session.id);
      }
      // Paid after it had expired or been abandoned: the time is gone, so is the charge.
      if (outcome.session.status === 'cancelled' && paymentIntentId) {
        const requested = await requestRefund(
          session.id,
          { paymentIntentId, amountCents: outcome.session.priceCents },
          now,
        );
        if (requested) {
          log('warn', 'payment arrived for a cancelled session; refunding', { sessionId: session.id });
          return requested;
        }
      }
      return outcome.session;
    case 'time_lost': {
      log('warn', 'payment arrived after the hold lapsed and the time was taken; refunding', { sessionId: session.id });
      return refundUnheldPayment(outcome.session, paid, TIME_LOST_REASON, now);
    }
  }
}

/**
 * A payment for a pending session that cannot be held: the system cancels the session, its full
 * refund requested in the same transaction (the table's stream starts the refund job), and the run
 * that cancelled it tells the mentee, so they hear it once. A session that changed meanwhile is
 * settled again as it now stands (paid already, or expired: then its refund is requested there).
 */
async function refundUnheldPayment(
  session: SessionItem,
  paid: PaidCheckout,
  reason: string,
  now: Date,
): Promise<SessionItem> {
  const { paymentIntentId } = paid;
  const cancelled = await cancelSession(
    session.id,
    {
      reason,
      cancelledBy: 'system',
      from: ['pending_payment'],
      refund: paymentIntentId ? { paymentIntentId, amountCents: session.priceCents } : undefined,
    },
    now,
  );
  if (!cancelled) {
    const current = await currentOf(session);
    return current.status === 'pending_payment' ? current : settlePaidCheckout(current, paid, now);
  }
  await mailMenteeNotBooked(cancelled, now);
  return cancelled;
}

/** The mentee hears that the session was not booked and their payment is refunded; a failed send is logged, never undoes the cancellation. */
async function mailMenteeNotBooked(session: SessionItem, now: Date): Promise<void> {
  try {
    const letter = await menteeLetter(session, now);
    if (!letter) return;
    await mailer().send(
      sessionNotBookedEmail({
        ...letter,
        reason: session.cancellationReason ?? '',
        refundRequestedCents: session.refund?.amountCents ?? session.priceCents,
      }),
    );
  } catch (error) {
    log('error', 'the e-mail that a paid session was not booked failed', {
      sessionId: session.id,
      error: String(error),
    });
  }
}

/**
 * How the provider says the checkout of `session` stands, by our own look (no event came yet): a
 * matching payment settles it. Answers with the session as it left it.
 */
async function settleCheckoutState(
  session: SessionItem,
  checkoutId: string,
  state: CheckoutState,
  now: Date,
): Promise<SessionItem> {
  const paid = { ...state, checkoutId };
  return paymentMatches(session, paid) ? settlePaidCheckout(session, paid, now) : session;
}

/**
 * How an unpaid session ends: as its payer's leaving checkout when they did (noted before the
 * checkout was closed, so the provider's expiry event that closing causes says so too), else as
 * expired.
 */
const unpaidEnding = (session: SessionItem) =>
  session.paymentAbandonedAt
    ? { reason: PAYMENT_ABANDONED_REASON, cancelledBy: 'mentee' as const }
    : { reason: PAYMENT_EXPIRED_REASON, cancelledBy: 'system' as const };

/**
 * An unpaid session ended: cancelled, once, whether the schedule, the provider's event or its payer
 * comes first. Answers with the cancelled session, or null when it was no longer pending.
 */
async function endUnpaidSession(sessionId: string, now: Date): Promise<SessionItem | null> {
  const session = await getSession(sessionId);
  if (session?.status !== 'pending_payment') return null;
  return cancelSession(sessionId, { ...unpaidEnding(session), from: ['pending_payment'] }, now);
}

/**
 * The provider let the checkout lapse (its event): the session expires unless it was already
 * settled. Answers with the expired session, or null when it was not pending any more.
 */
export async function settleExpiredCheckout(sessionId: string, now: Date): Promise<SessionItem | null> {
  const expired = await endUnpaidSession(sessionId, now);
  if (expired) await scheduler().unschedule('expirePendingPayment', sessionId);
  return expired;
}

/**
 * Closes the checkout at the provider first, so it can no longer be paid, then settles the session
 * by what the provider says: a payment that got in just before is kept, otherwise `cancel` runs.
 * Answers with the session as it left it, or null when `cancel` found it no longer pending.
 */
async function closeCheckoutThen(
  session: SessionItem,
  now: Date,
  cancel: () => Promise<SessionItem | null>,
): Promise<SessionItem | null> {
  if (session.checkoutId) {
    await payments().expireCheckout(session.checkoutId);
    const state = await payments().checkoutState(session.checkoutId);
    if (state.status === 'paid') return settleCheckoutState(session, session.checkoutId, state, now);
  }
  return cancel();
}

/**
 * A pending session past its payment deadline expires, releasing the coach's time, unless its
 * checkout got paid just before. Answers with the session as it left it, and whether this expired it.
 */
async function expireUnpaid(session: SessionItem, now: Date): Promise<{ left: SessionItem | null; expired: boolean }> {
  let expired = false;
  const left = await closeCheckoutThen(session, now, async () => {
    const cancelled = await endUnpaidSession(session.id, now);
    expired = cancelled !== null;
    return cancelled;
  });
  return { left, expired };
}

/** The 30-minute schedule: an unpaid session expires and releases the coach's time. Answers whether it expired it. */
export async function expireUnpaidSession(sessionId: string, now: Date): Promise<boolean> {
  const session = await getSession(sessionId);
  return session?.status === 'pending_payment' && (await expireUnpaid(session, now)).expired;
}

/**
 * The payer left checkout (the cancel page): pending becomes cancelled, 'Payment cancelled by user'.
 * Answers with the session as it left it.
 */
export async function abandonPendingSession(session: SessionItem, now: Date): Promise<SessionItem> {
  if (session.status !== 'pending_payment') return session;
  if (!(await markPaymentAbandoned(session.id, now))) return currentOf(session);
  const left = await closeCheckoutThen(session, now, async () => {
    const cancelled = await endUnpaidSession(session.id, now);
    if (cancelled) await scheduler().unschedule('expirePendingPayment', session.id);
    return cancelled;
  });
  return left ?? currentOf(session);
}

/** A session another process changed meanwhile (a write here found it no longer pending), as it stands now. */
const currentOf = async (session: SessionItem) => (await getSession(session.id)) ?? session;

/** A success page polls its session; the provider is asked about one checkout at most this often per instance. */
const CHECKOUT_LOOK_INTERVAL_MS = 5_000;
const lastLookAt = new Map<string, number>();

/** Whether this instance asked about the checkout within the interval; if not, notes that it asks now. */
function lookedRecently(checkoutId: string, now: Date): boolean {
  const last = lastLookAt.get(checkoutId);
  if (last !== undefined && now.getTime() - last < CHECKOUT_LOOK_INTERVAL_MS) return true;
  for (const [id, at] of lastLookAt) if (now.getTime() - at >= CHECKOUT_LOOK_INTERVAL_MS) lastLookAt.delete(id);
  lastLookAt.set(checkoutId, now.getTime());
  return false;
}

/**
 * Before a pending session is shown, asks the provider how its checkout stands, so the success
 * page is right even when the provider's event has not arrived yet (ARCHITECTURE section 6), at
 * most once every few seconds per checkout: a page polling it does not become a call to Stripe each
 * time. Answers with the session as it left it.
 */
export async function reconcilePendingSession(session: SessionItem, now: Date): Promise<SessionItem> {
  if (session.status !== 'pending_payment') return session;
  if (session.paymentExpiresAt && session.paymentExpiresAt <= now.toISOString()) {
    return (await expireUnpaid(session, now)).left ?? currentOf(session);
  }
  if (!session.checkoutId || lookedRecently(session.checkoutId, now)) return session;
  const state = await payments().checkoutState(session.checkoutId);
  if (state.status === 'paid') return settleCheckoutState(session, session.checkoutId, state, now);
  if (state.status === 'expired') return (await settleExpiredCheckout(session.id, now)) ?? currentOf(session);
  return session;
}
