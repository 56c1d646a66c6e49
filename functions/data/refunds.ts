import { newRefund, type RefundState } from '../domain/refunds';
import { type UpdateInput, updateIf, updateItem } from './dynamo';
import { keys } from './keys';
import type { SessionItem } from '../domain/session-item';

/** A paid session's refund to request with its cancellation: the charge, and the amount it gives back. */
export interface RefundRequest {
  paymentIntentId: string;
  amountCents: number;
}

/** The refund a cancellation of `session` must request: none for a free or unpaid one, or one already requested. */
export const refundRequestOf = (session: SessionItem): RefundRequest | undefined =>
  session.paymentIntentId && !session.refund && !session.refundId
    ? { paymentIntentId: session.paymentIntentId, amountCents: session.priceCents }
    : undefined;

/** The assignments a cancellation's update adds to request the refund in its own transaction. */
export const refundRequestUpdate = (request: RefundRequest, now: Date) => ({
  expression: 'refund = :refund, paymentIntentId = :intent',
  values: { ':refund': newRefund(request.amountCents, now), ':intent': request.paymentIntentId },
});

/** The session as a conditional update left it, or null when its condition did not hold. */
const updated = (sessionId: string, update: UpdateInput) =>
  updateIf<SessionItem>(keys.session(sessionId), { ...update, ReturnValues: 'ALL_NEW' });

/**
 * Requests the refund of a session cancelled before its payment arrived (a late payment), once:
 * null when it was already requested.
 */
export function requestRefund(sessionId: string, request: RefundRequest, now: Date): Promise<SessionItem | null> {
  const { expression, values } = refundRequestUpdate(request, now);
  return updated(sessionId, {
    UpdateExpression: `SET ${expression}, updatedAt = :now`,
    ConditionExpression: '#status = :cancelled AND attribute_not_exists(refund) AND attribute_not_exists(refundId)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ...values, ':cancelled': 'cancelled', ':now': now.toISOString() },
  });
}

/**
 * Records the outcome of one try (a failure counted, or the provider's refund id), only if no
 * other run recorded a try since `seen` was read; null otherwise.
 */
export function recordRefundTry(
  sessionId: string,
  seen: RefundState,
  next: RefundState,
  now: Date,
  refundId?: string,
): Promise<SessionItem | null> {
  return updated(sessionId, {
    UpdateExpression: `SET refund = :next, updatedAt = :now${refundId ? ', refundId = :refundId' : ''}`,
    ConditionExpression: 'refund.#status = :requested AND refund.failedAttempts = :seen',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':next': next,
      ':now': now.toISOString(),
      ':requested': 'requested',
      ':seen': seen.failedAttempts,
      ...(refundId ? { ':refundId': refundId } : {}),
    },
  });
}

/** The provider says how the refund ended: a refund in one of the `from` states becomes `status`, once; null if it was not. */
export function settleRefund(
  sessionId: string,
  status: 'succeeded' | 'failed',
  failure: RefundState['failure'],
  now: Date,
  from: readonly RefundState['status'][],
): Promise<SessionItem | null> {
  const fromValues = Object.fromEntries(from.map((state, index) => [`:from${index}`, state]));
  return updated(sessionId, {
    UpdateExpression: 'SET refund.#status = :status, refund.failure = :failure, updatedAt = :now',
    ConditionExpression: `refund.#status IN (${Object.keys(fromValues).join(', ')})`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':status': status,
      ':failure': failure ?? null,
      ':now': now.toISOString(),
      ...fromValues,
    },
  });
}

/** The e-mails about a refund, each sent once: that it is confirmed, or that it could not be made. */
export type RefundMail = 'refundMailedAt' | 'refundFailureMailedAt';

/** Claims one e-mail about the refund: false when it went out (or is going out) already. */
export async function claimRefundMail(sessionId: string, mail: RefundMail, now: Date): Promise<boolean> {
  const claimed = await updated(sessionId, {
    UpdateExpression: 'SET #mail = :now',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#mail)',
    ExpressionAttributeNames: { '#mail': mail },
    ExpressionAttributeValues: { ':now': now.toISOString() },
  });
  return claimed !== null;
}

/** Gives the claim back when the e-mail could not be sent, so a retry sends it. */
export async function releaseRefundMail(sessionId: string, mail: RefundMail): Promise<void> {
  await updateItem(keys.session(sessionId), {
    UpdateExpression: 'REMOVE #mail',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#mail': mail },
  });
}
