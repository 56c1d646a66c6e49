import { MAX_UNPAID_HOLDS } from '../domain/constants';
import { quotaExceeded } from '../domain/quotas';
import { DomainError } from '../domain/errors';
import { isoSeconds } from '../domain/instants';
import type { GivenBack } from '../domain/cancellation';
import {
  failedConditions,
  getItem,
  isCancelledTransaction,
  queryAll,
  type TableWrite,
  transact,
  updateIf,
  updateItem,
} from './dynamo';
import { keys } from './keys';
import type { AuditEntry } from '../domain/audit';
import type { FollowUpAttribute, FollowUpMark, SessionItem, SupportCancellation } from '../domain/session-item';
import { auditPut } from './audit';
import { type RefundRequest, refundRequestUpdate } from './refunds';
import { creditReturn, type creditSpend } from './subscriptions';
import { tableSchema } from './table-schema';
import type { UnpaidHoldClaim } from './unpaid-holds';
import { claimConfirmations, claimPuts, claimReleases } from './time-claims';

export async function getSession(sessionId: string): Promise<SessionItem | null> {
  return getItem<SessionItem>(keys.session(sessionId), { ConsistentRead: true });
}

const sessionPut = (session: SessionItem): TableWrite => ({
  Put: {
    Item: { ...keys.session(session.id), ...keys.sessionIndexes(session), ...session },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const freeConsultationClaim = (session: SessionItem): TableWrite => ({
  Put: {
    Item: {
      ...keys.freeConsultation(session.menteeId, session.coachId),
      menteeId: session.menteeId,
      coachId: session.coachId,
      sessionId: session.id,
      createdAt: session.createdAt,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

const MAX_BOOKING_ATTEMPTS = 3;

/** What a booking claims beside the coach's time, each in its transaction. */
export interface BookingClaims {
  /** For a paid booking: the mentee's unpaid-hold claim (data/unpaid-holds.ts), asked for afresh on each attempt. */
  unpaidHoldClaim?: () => Promise<UnpaidHoldClaim>;
  /** For a plan booking: the spend of one of its credits (data/subscriptions.ts creditSpend). */
  planCredit?: ReturnType<typeof creditSpend>;
  /** For a free consultation: one use of the mentee's daily quota of them (data/quotas.ts), spent only by a booking made. */
  freeConsultationQuota?: TableWrite;
}

/**
 * Stores a new booking together with its claims on the coach's time (and, for a free
 * consultation, on the mentee's one free consultation with this coach and a use of their daily
 * quota) in one transaction, so of two bookings that compete for any of them exactly one is
 * stored, and a booking refused for any reason spends nothing. A refusal names the first reason
 * that stands whatever else held: the free consultation used, the plan's credits, the time taken,
 * and only then the day's quota.
 */
export async function createBooking(session: SessionItem, now: Date, claims: BookingClaims = {}): Promise<void> {
  const { unpaidHoldClaim, planCredit, freeConsultationQuota } = claims;
  const timeItems = [sessionPut(session), ...claimPuts(session, now)];
  for (let attempt = 1; ; attempt++) {
    const holdItems = unpaidHoldClaim ? [await unpaidHoldClaim()] : [];
    const freeItems = session.isFreeConsultation ? [freeConsultationClaim(session)] : [];
    const creditItems = planCredit ? [planCredit] : [];
    const quotaItems = freeConsultationQuota ? [freeConsultationQuota] : [];
    const items = [...timeItems, ...holdItems, ...freeItems, ...creditItems, ...quotaItems];
    try {
      await transact(items);
      return;
    } catch (error) {
      const failed = failedConditions(error);
      if (!failed) throw error;
      const failedOf = (first: number, count: number) => failed.slice(first, first + count).includes(true);
      const timeFailed = failedOf(0, timeItems.length);
      const holdsFailed = failedOf(timeItems.length, holdItems.length);
      const freeAt = timeItems.length + holdItems.length;
      const freeFailed = failedOf(freeAt, freeItems.length);
      const creditFailed = failedOf(freeAt + freeItems.length, creditItems.length);
      const quotaFailed = failedOf(freeAt + freeItems.length + creditItems.length, quotaItems.length);
      if (holdsFailed && !timeFailed) {
        // Another booking of this mentee changed the holds meanwhile: count them again.
        // Each lost race means another booking took a hold, so after MAX_UNPAID_HOLDS the count refuses.
        if (attempt <= MAX_UNPAID_HOLDS + 1) continue;
        throw new DomainError('CONCURRENT_CHANGE', 'Several bookings were made at once. Please try again.');
      }
      if (freeFailed) {
        throw new DomainError('FREE_CONSULT_USED', 'You have already used your free consultation with this mentor.');
      }
      if (creditFailed) {
        throw new DomainError('NO_CREDITS', "This plan's sessions for the month are used, or it is not active.");
      }
      if (timeFailed) {
        throw new DomainError('SLOT_TAKEN', 'This time was just booked by someone else. Please choose another slot.');
      }
      if (quotaFailed) throw quotaExceeded('freeConsultationBookings');
      // Only a clash with a transaction in flight on the same items: try again and see who won.
      if (attempt >= MAX_BOOKING_ATTEMPTS) {
        throw new DomainError('SLOT_TAKEN', 'This time is being booked by someone else. Please choose another slot.');
      }
    }
  }
}

/** The blocks of `session` that it still holds (a lapsed unpaid hold may have been taken over). */
async function blocksStillHeld(session: SessionItem): Promise<string[]> {
  if (session.claimedBlocks.length === 0) return [];
  const claims = await queryAll<{ sk: string; sessionId: string }>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
    ExpressionAttributeValues: {
      ':pk': keys.timeClaim(session.coachId, '').pk,
      ':first': keys.timeClaim(session.coachId, session.claimedBlocks[0] as string).sk,
      ':last': keys.timeClaim(session.coachId, session.claimedBlocks.at(-1) as string).sk,
    },
    ProjectionExpression: 'sk, sessionId',
    ConsistentRead: true,
  });
  const prefix = keys.timeClaim(session.coachId, '').sk;
  return claims.filter((claim) => claim.sessionId === session.id).map((claim) => claim.sk.slice(prefix.length));
}

export type PaymentOutcome =
  | { result: 'scheduled'; session: SessionItem }
  | { result: 'not_pending'; session: SessionItem }
  /** Paid after the hold lapsed and someone else booked the time: the payment must be given back. */
  | { result: 'time_lost'; session: SessionItem };

/**
 * Notes that the payer left checkout, before the checkout is closed; false when the session was no
 * longer pending. Whichever process then ends it, the payer's cancel or the provider's expiry event
 * that the closing causes, reads the note (workflows/payments/payment-settlement.ts).
 */
export async function markPaymentAbandoned(sessionId: string, now: Date): Promise<boolean> {
  const marked = await updateIf(keys.session(sessionId), {
    UpdateExpression: 'SET paymentAbandonedAt = :now',
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':now': now.toISOString(), ':pending': 'pending_payment' },
  });
  return marked !== null;
}

/**
 * A paid checkout of `session` (as just read): pending_payment becomes scheduled and the holds on
 * the coach's time become permanent.
 */
export async function confirmPayment(
  session: SessionItem,
  paymentIntentId: string | null,
  now: Date,
): Promise<PaymentOutcome> {
  if (session.status !== 'pending_payment') return { result: 'not_pending', session };
  try {
    await transact([
      {
        Update: {
          Key: keys.session(session.id),
          UpdateExpression:
            'SET #status = :scheduled, paymentIntentId = :intent, updatedAt = :now REMOVE paymentExpiresAt',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':scheduled': 'scheduled',
            ':pending': 'pending_payment',
            ':intent': paymentIntentId,
            ':now': now.toISOString(),
          },
        },
      },
      ...claimConfirmations(session),
    ]);
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed) throw error;
    const [sessionFailed] = failed;
    const current = (await getSession(session.id)) as SessionItem;
    if (sessionFailed || current.status !== 'pending_payment') return { result: 'not_pending', session: current };
    return { result: 'time_lost', session: current };
  }
  return {
    result: 'scheduled',
    session: { ...session, status: 'scheduled', paymentIntentId, paymentExpiresAt: null, updatedAt: now.toISOString() },
  };
}

export interface Cancellation {
  reason: string;
  cancelledBy: NonNullable<SessionItem['cancelledBy']>;
  /** A paid session's refund, requested in the same transaction (the outbox workflows/payments/refunds.ts performs). */
  refund?: RefundRequest;
  /** What the cancellation gives back, decided on the session as read (domain/cancellation.ts). */
  givenBack: GivenBack;
  /** Support's cancellation: its refund decision on the session, and its audit entry in the same transaction. */
  bySupport?: { decision: SupportCancellation; audit: AuditEntry };
}

/**
 * Cancels the session as read in one transaction, on condition its status is still the one read:
 * the coach's time it still holds is released, and what the cancellation gives back is returned.
 * Answers the cancelled session, or null when the transaction was cancelled (the session or its
 * claims changed meanwhile), to be read and decided again.
 */
export async function storeCancellation(
  session: SessionItem,
  cancellation: Cancellation,
  now: Date,
): Promise<SessionItem | null> {
  const held = await blocksStillHeld(session);
  try {
    await transact(cancelItems(session, held, cancellation, now));
  } catch (error) {
    if (isCancelledTransaction(error)) return null;
    throw error;
  }
  return {
    ...session,
    ...(cancellation.refund
      ? {
          paymentIntentId: cancellation.refund.paymentIntentId,
          refund: refundRequestUpdate(cancellation.refund, now).values[':refund'],
        }
      : {}),
    status: 'cancelled',
    cancellationReason: cancellation.reason,
    cancelledBy: cancellation.cancelledBy,
    ...(cancellation.bySupport ? { supportCancellation: cancellation.bySupport.decision } : {}),
    paymentExpiresAt: null,
    updatedAt: now.toISOString(),
  };
}

function cancelItems(session: SessionItem, held: string[], cancellation: Cancellation, now: Date): TableWrite[] {
  const refund = cancellation.refund && refundRequestUpdate(cancellation.refund, now);
  const { freeConsultation, planCredit } = cancellation.givenBack;
  const { bySupport } = cancellation;
  return [
    {
      Update: {
        Key: keys.session(session.id),
        UpdateExpression: `SET #status = :cancelled, cancellationReason = :reason, cancelledBy = :by, updatedAt = :now${refund ? `, ${refund.expression}` : ''}${bySupport ? ', supportCancellation = :support' : ''} REMOVE paymentExpiresAt`,
        ConditionExpression: '#status = :seen',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':cancelled': 'cancelled',
          ':seen': session.status,
          ':reason': cancellation.reason,
          ':by': cancellation.cancelledBy,
          ':now': now.toISOString(),
          ...refund?.values,
          ...(bySupport ? { ':support': bySupport.decision } : {}),
        },
      },
    },
    ...(bySupport ? [auditPut(bySupport.audit)] : []),
    ...claimReleases(session, held),
    ...(freeConsultation ? [freeConsultationRelease(session)] : []),
    ...(planCredit ? [creditReturn(planCredit.subscriptionId, planCredit.periodEnd)] : []),
  ];
}

/** Gives the mentee's free consultation with this coach back (unless another session holds it now). */
export const freeConsultationRelease = (session: SessionItem): TableWrite => ({
  Delete: {
    Key: keys.freeConsultation(session.menteeId, session.coachId),
    ConditionExpression: 'attribute_not_exists(pk) OR sessionId = :session',
    ExpressionAttributeValues: { ':session': session.id },
  },
});

/** A held session whose end has passed becomes completed; earlier calls and other statuses are no-ops. */
export async function completeEndedSession(sessionId: string, now: Date): Promise<boolean> {
  const completed = await updateIf(keys.session(sessionId), {
    UpdateExpression: 'SET #status = :completed, updatedAt = :now',
    ConditionExpression: '#status IN (:scheduled, :confirmed) AND #end <= :now',
    ExpressionAttributeNames: { '#status': 'status', '#end': 'end' },
    ExpressionAttributeValues: {
      ':completed': 'completed',
      ':scheduled': 'scheduled',
      ':confirmed': 'confirmed',
      ':now': isoSeconds(now),
    },
  });
  return completed !== null;
}

/**
 * Claims the right to ask the provider for this session's refund, so of concurrent cancels (or a
 * cancel and a late payment) exactly one asks. The claim is a lease: when its holder dies before
 * recording the refund, a later attempt may claim it again once `until` has passed.
 */
export async function claimRefund(sessionId: string, until: Date, now: Date): Promise<boolean> {
  const claimed = await updateIf(keys.session(sessionId), {
    UpdateExpression: 'SET refundClaimedUntil = :until',
    ConditionExpression:
      'attribute_exists(pk) AND (attribute_not_exists(refundId) OR refundId = :null) AND (attribute_not_exists(refundClaimedUntil) OR refundClaimedUntil <= :now)',
    ExpressionAttributeValues: { ':until': until.toISOString(), ':now': now.toISOString(), ':null': null },
  });
  return claimed !== null;
}

/** Gives a refund claim back after the provider refused, so the next cancel may try again. */
export async function releaseRefundClaim(sessionId: string): Promise<void> {
  await updateItem(keys.session(sessionId), {
    UpdateExpression: 'REMOVE refundClaimedUntil',
    ConditionExpression: 'attribute_exists(pk)',
  });
}

export type SessionSideFields = Partial<
  Pick<
    SessionItem,
    | 'checkoutId'
    | 'meetingId'
    | 'meetingUrl'
    | 'meetingNote'
    | 'refundId'
    | 'refundClaimedUntil'
    | 'paymentIntentId'
    | 'calendarEvent'
  > &
    Record<FollowUpAttribute, FollowUpMark>
>;

/** Records what a side effect produced (a checkout, a meeting, a refund, a follow-up done). */
export async function recordSessionFields(sessionId: string, fields: SessionSideFields, now: Date): Promise<void> {
  const entries = Object.entries({ ...fields, updatedAt: now.toISOString() });
  await updateItem(keys.session(sessionId), {
    UpdateExpression: `SET ${entries.map((_, index) => `#f${index} = :v${index}`).join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], index) => [`:v${index}`, value ?? null])),
  });
}

/** Longest session there can be (an external-calendar booking), so a busy search reaches back far enough. */
const LONGEST_SESSION_MS = 8 * 60 * 60 * 1000;

interface SessionTimes {
  start: string;
  end: string;
  status: string;
  paymentExpiresAt?: string;
}

/**
 * The coach's time already taken in [from, to): every session not cancelled, including pending
 * payments until their deadline passes (the expiry job may not have run yet).
 */
export async function busyIntervalsOfCoach(coachId: string, from: Date, to: Date, now: Date) {
  const { name, partitionKey, sortKey } = tableSchema.indexes.byOwner;
  // Sort keys are `<start ISO, whole seconds>#<id>`; '~' sorts after every id character.
  const sessions = await queryAll<SessionTimes>({
    IndexName: name,
    KeyConditionExpression: '#pk = :coach AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: {
      '#pk': partitionKey,
      '#sk': sortKey,
      '#start': 'start',
      '#end': 'end',
      '#status': 'status',
    },
    ExpressionAttributeValues: {
      ':coach': keys.coachSessionsPartition(coachId),
      ':from': isoSeconds(new Date(from.getTime() - LONGEST_SESSION_MS)),
      ':to': `${isoSeconds(to)}~`,
    },
    ProjectionExpression: '#start, #end, #status, paymentExpiresAt',
  });
  const nowIso = now.toISOString();
  return sessions
    .filter((s) => s.status !== 'cancelled')
    .filter((s) => s.status !== 'pending_payment' || !s.paymentExpiresAt || s.paymentExpiresAt > nowIso)
    .map(({ start, end }) => ({ start, end }));
}

/**
 * Records a party's first join of a held session: one conditional update, so a second click (or
 * two at once, or the same join told by Zoom) keeps the first time. The caller names the party:
 * the join link by who follows it, a meeting provider by who it saw. A completed session takes it
 * too: a provider's event about the session may arrive after its end.
 */
export async function recordJoin(sessionId: string, party: 'coach' | 'mentee', at: Date): Promise<void> {
  await updateIf(keys.session(sessionId), {
    UpdateExpression: 'SET #joined = :at',
    ConditionExpression: '#status IN (:confirmed, :scheduled, :completed) AND attribute_not_exists(#joined)',
    ExpressionAttributeNames: {
      '#status': 'status',
      '#joined': party === 'coach' ? 'coachJoinedAt' : 'menteeJoinedAt',
    },
    ExpressionAttributeValues: {
      ':at': at.toISOString(),
      ':confirmed': 'confirmed',
      ':scheduled': 'scheduled',
      ':completed': 'completed',
    },
  });
}
