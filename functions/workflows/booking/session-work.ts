import type { AttributeValue as LambdaAttributeValue, DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { PLAN_PAYOUT_SORT_KEY } from '../../data/keys';
import type { PlanPayoutItem } from '../../data/plan-payouts';
import type { SessionItem } from '../../domain/session-item';
import { jobs } from '../../runtime/ports/jobs';
import { scheduler } from '../../runtime/ports/scheduler';

/**
 * The event source mapping's filter (Lambda's filter-pattern syntax): only session items and plan
 * payouts reach the consumer. The local stream poller (bin/local/directory-stream.ts) applies the same pattern.
 */
export const SESSION_RECORDS_PATTERN = {
  dynamodb: { Keys: { sk: { S: ['SESSION', PLAN_PAYOUT_SORT_KEY] } } },
} as const;
export const SESSION_STREAM_BATCH_SIZE = 100;

/** What a committed write of a session leaves to do, so that a process that died after the commit leaves nothing undone. */
export type SessionWork =
  /** A session just confirmed (free) or paid, or just moved: its meeting, e-mails, reminders and completion (workflows/booking/confirmation.ts). */
  | { job: 'finishBooking'; sessionId: string }
  /** A booking just made that awaits payment: the schedule that expires it. */
  | { job: 'expirePendingPayment'; sessionId: string; at: Date }
  /** A refund just requested (workflows/payments/refunds.ts). */
  | { job: 'refundSession'; sessionId: string }
  /** A plan invoice just paid: its coach's payout when the month it paid for ends (`sessionId`: the payout's id). */
  | { job: 'completeSession'; sessionId: string; at: Date };

const held = (session: Partial<SessionItem> | undefined) =>
  session?.status === 'confirmed' || session?.status === 'scheduled';

/** Pure: the work one write of a session item or plan payout starts (its images before and after). */
export function workOf(before: StreamImage | undefined, after: StreamImage | undefined): SessionWork[] {
  if (!after?.id) return [];
  if (isPayout(after)) {
    return before ? [] : [{ job: 'completeSession', sessionId: after.id, at: new Date(after.periodEnd) }];
  }
  return sessionWorkOf(before as Partial<SessionItem> | undefined, after as Partial<SessionItem> & { id: string });
}

function sessionWorkOf(before: Partial<SessionItem> | undefined, after: Partial<SessionItem> & { id: string }) {
  const work: SessionWork[] = [];
  const moved = held(before) && held(after) && (after.rescheduleCount ?? 0) > (before?.rescheduleCount ?? 0);
  // finishBooking also does what follows a move (workflows/booking/rescheduling.ts), each step once.
  if ((held(after) && !held(before)) || moved) work.push({ job: 'finishBooking', sessionId: after.id });
  if (!before && after.status === 'pending_payment' && after.paymentExpiresAt) {
    work.push({ job: 'expirePendingPayment', sessionId: after.id, at: new Date(after.paymentExpiresAt) });
  }
  if (after.refund?.status === 'requested' && !before?.refund) work.push({ job: 'refundSession', sessionId: after.id });
  return work;
}

type StreamImage = Partial<SessionItem> | PlanPayoutItem;
const isPayout = (image: StreamImage): image is PlanPayoutItem => 'invoiceId' in image;

const imageOf = (image: Record<string, LambdaAttributeValue> | undefined) =>
  image && (unmarshall(image as Record<string, AttributeValue>) as StreamImage);

/**
 * Starts what the stream's session writes leave to do: the one starter of this work, so the request,
 * webhook or job that made the write only writes. Each job is idempotent (a follow-up is done once,
 * a schedule made once, a refund try made once), so a batch retried after a failure starts nothing
 * twice in effect.
 */
export async function startSessionWork(records: readonly DynamoDBRecord[], now: Date): Promise<void> {
  for (const record of records) {
    for (const work of workOf(imageOf(record.dynamodb?.OldImage), imageOf(record.dynamodb?.NewImage))) {
      // A payout whose month already ended (an invoice told late) is started now, not scheduled in the past.
      if (work.job === 'expirePendingPayment' || (work.job === 'completeSession' && work.at > now)) {
        await scheduler().schedule(work.job, work.sessionId, work.at);
      } else {
        await jobs().start(work.job, work.sessionId);
      }
    }
  }
}
