import { appendLedgerEntry, getLedgerEntry } from '../../data/ledger';
import { getSession } from '../../data/sessions';
import { keys } from '../../data/keys';
import { getPlanPayout, type PlanPayoutItem, recordPlanPayoutRefund } from '../../data/plan-payouts';
import type { SessionItem } from '../../domain/session-item';
import { getSubscription } from '../../data/subscriptions';
import {
  forgetOwedTransfer,
  lowerOwedTransfer,
  recordDispute,
  recordDisputeOutcome,
  recordOwedTransfer,
  type TransferItemKey,
} from '../../data/transfers';
import { refundSplit } from '../../domain/fees';
import { planPayoutDueCents, planPayoutId, planPeriodEnded } from '../../domain/plans';
import {
  type CapturedPayment,
  disputeFeeEntries,
  disputeOutcomeOf,
  followUpEntry,
  ledgerEntryId,
  type MoneyEvent,
  paymentEntry,
  processingFeeEntry,
  transferReversedEntry,
  unmatchedDisputeEntries,
  unmatchedForGood,
} from '../../domain/ledger';
import { log } from '../../runtime/log';
import { BUSINESS_METRICS, type BusinessMetric, countMetric } from '../../runtime/metrics';
import type { LedgerEntry } from '../../schemas/ledger';
import type { Payments } from '../../domain/ports';

/*
 * The ledger side of the provider's money events, one function per event (apply-payment-event.ts
 * applies each). An entry's id names the money fact, so every append is idempotent by itself and
 * safe however often the event is delivered.
 */

type EventOf<K extends MoneyEvent['kind']> = Extract<MoneyEvent, { kind: K }>;
type PaymentFollowUp = EventOf<'chargeRefunded' | 'refundFailed' | 'disputeOpened' | 'disputeClosed'>;

/**
 * A captured payment (a session's or a plan invoice's) and Stripe's processing fee of its charge,
 * each appended once: answers the entries this delivery added (none when a redelivery finds them).
 */
export async function recordPayment(
  payment: LedgerEntry,
  captured: CapturedPayment,
  event: { at: string; id: string },
): Promise<LedgerEntry[]> {
  const fee = processingFeeEntry(payment, {
    at: event.at,
    eventId: event.id,
    sourceId: captured.chargeId,
    feeCents: captured.processingFeeCents,
  });
  return appendedOf([payment, fee]);
}

/** A session's paid checkout: its payment and Stripe's processing fee; none without a PaymentIntent (nothing was charged). */
export async function recordSessionPayment(
  payments: Payments,
  session: SessionItem,
  event: EventOf<'checkoutPaid'>,
): Promise<LedgerEntry[]> {
  if (!event.paymentIntentId) return [];
  const captured = await payments.capturedPayment(event.paymentIntentId);
  const payment = paymentEntry(event, captured, {
    sessionId: session.id,
    coachId: session.coachId,
    menteeId: session.menteeId,
    platformFeeCents: session.platformFeeCents,
  });
  return recordPayment(payment, captured, event);
}

/**
 * The session's or plan invoice's payment a refund or dispute names. One the ledger does not know
 * throws while the event is young, so the provider retries it after the payment's own, which Stripe
 * may deliver later; once the event is over an hour old (domain/ledger.ts unmatchedForGood) the
 * charge is taken as none of ours: logged, counted (the UnmatchedCharges alarm) and answered null.
 */
export async function paymentNamedBy(event: PaymentFollowUp, now: Date): Promise<LedgerEntry | null> {
  const payment =
    (await getLedgerEntry(ledgerEntryId.payment(event.paymentIntentId))) ??
    (await getLedgerEntry(ledgerEntryId.subscriptionPayment(event.paymentIntentId)));
  if (payment) return payment;
  if (!unmatchedForGood(event, now)) throw new Error(`${event.kind} ${event.id} for a payment not in the ledger yet`);
  log('error', 'a charge event matches no payment of ours', {
    eventId: event.id,
    kind: event.kind,
    paymentIntentId: event.paymentIntentId,
    at: event.at,
  });
  countMetric(BUSINESS_METRICS.unmatchedCharges);
  return null;
}

/** A dispute of a charge that is none of ours: its entry and Stripe's fee of it, for finance, with no parties. */
export const recordUnmatchedDispute = (event: EventOf<'disputeOpened' | 'disputeClosed'>) =>
  appendedOf(unmatchedDisputeEntries(event));

/**
 * A refund (`charge.refunded`): its entry, Stripe's processing fee on it when it gave some back,
 * and a plan invoice's payout lowered by the coach's part of it.
 */
export async function recordRefund(
  payments: Payments,
  event: EventOf<'chargeRefunded'>,
  payment: LedgerEntry,
): Promise<LedgerEntry[]> {
  const refund = followUpEntry(event, payment);
  const added = refund ? await appendedOf([refund]) : [];
  if (refund && event.refundId) added.push(...(await recordRefundFee(payments, event.refundId, refund)));
  const { invoiceId } = transferItemOf(payment);
  if (invoiceId) await notePlanRefund(invoiceId, payment, event);
  return added;
}

/** The bank returned a refund (`refund.failed`): the refund's entry mirrored. */
export const recordRefundFailure = (event: EventOf<'refundFailed'>, payment: LedgerEntry) =>
  appendFollowUp(event, payment);

/** A dispute opened: its entry and Stripe's fee of it, and the coach's transfer blocked (or, after it, an alarm). */
export async function recordDisputeOpened(
  event: EventOf<'disputeOpened'>,
  payment: LedgerEntry,
): Promise<LedgerEntry[]> {
  const added = [...(await appendFollowUp(event, payment)), ...(await appendedOf(disputeFeeEntries(event, payment)))];
  await noteDispute(transferItemOf(payment), event.disputeId);
  return added;
}

/**
 * A dispute closed: its entry (a lost one takes back what the coach was not paid yet) and fees, and the
 * transfer owed or not. Stripe may deliver the close before the opening: one the item does not
 * record yet throws, so Stripe retries it after the opening, which would otherwise block the
 * coach's transfer after a won dispute for good.
 */
export async function recordDisputeClosed(
  event: EventOf<'disputeClosed'>,
  payment: LedgerEntry,
  now: Date,
): Promise<LedgerEntry[]> {
  const paidFor = transferItemOf(payment);
  const item = await getTransferItem(paidFor);
  if (item?.disputeId !== event.disputeId) throw new Error(`${event.kind} ${event.id} before its opening is applied`);
  const coachPaid = Boolean(item.transferId);
  // Its fees again: the opening's are in already, and a fee Stripe gives back with the money is a new one.
  const added = [
    ...(await appendFollowUp(event, payment, { coachPaid })),
    ...(await appendedOf(disputeFeeEntries(event, payment))),
  ];
  await noteDisputeClosed(paidFor, event.disputeId, disputeOutcomeOf(event.status), now);
  return added;
}

const appendFollowUp = async (
  event: PaymentFollowUp,
  payment: LedgerEntry,
  options?: { coachPaid?: boolean },
): Promise<LedgerEntry[]> => {
  const entry = followUpEntry(event, payment, options);
  return entry ? appendedOf([entry]) : [];
};

/**
 * A transfer to a coach taken back (Stripe sends `transfer.reversed` for a reversal made in its
 * Dashboard or by the API). One of ours whose entry is not in the ledger yet throws, so Stripe
 * retries it; a transfer the app never made (a manual one) is only logged.
 */
export async function recordTransferReversal(event: EventOf<'transferReversed'>): Promise<LedgerEntry[]> {
  const transfer = await getLedgerEntry(ledgerEntryId.transfer(event.sessionId));
  if (transfer?.stripe.transferId !== event.transferId) {
    if (transfer || !(await getSession(event.sessionId))) {
      log('warn', 'a reversal of a transfer the app did not make', { transferId: event.transferId, eventId: event.id });
      return [];
    }
    throw new Error(`${event.kind} ${event.id} for a transfer not in the ledger yet`);
  }
  const entry = transferReversedEntry(event, transfer);
  const added = entry ? await appendedOf([entry]) : [];
  if (added.length > 0) {
    log('warn', "a coach's transfer was reversed", { sessionId: event.sessionId, transferId: event.transferId });
  }
  return added;
}

/** Stripe keeps its processing fee on a refund (a card refund's fee is 0); when it gives some back, the ledger says so. */
async function recordRefundFee(payments: Payments, refundId: string, refund: LedgerEntry): Promise<LedgerEntry[]> {
  const feeCents = await payments.refundProcessingFee(refundId);
  if (feeCents === 0) return [];
  return appendedOf([
    processingFeeEntry(refund, {
      at: refund.at,
      eventId: refund.stripe.eventId,
      sourceId: refundId,
      feeCents,
      refundId,
    }),
  ]);
}

/** What a payment paid for, whose coach's transfer is made from it: a session, or a plan invoice's payout. */
interface TransferItem {
  key: TransferItemKey;
  /** Its id among owed transfers (the session's, or the payout's). */
  owedId: string;
  invoiceId: string | null;
}

function transferItemOf(payment: LedgerEntry): TransferItem {
  const invoiceId = payment.kind === 'subscription_payment' ? (payment.stripe.invoiceId ?? null) : null;
  return invoiceId
    ? { key: keys.planPayout(invoiceId), owedId: planPayoutId(invoiceId), invoiceId }
    : { key: keys.session(payment.sessionId), owedId: payment.sessionId, invoiceId: null };
}

const getTransferItem = (item: TransferItem) =>
  item.invoiceId ? getPlanPayout(item.invoiceId) : getSession(item.owedId);

/**
 * The invoice's payment is in the ledger but its payout not yet (the webhook applying the invoice
 * died between the two): throwing makes Stripe retry, so the refund or dispute is never missed by it.
 */
const payoutNotYetWritten = (invoiceId: string) => new Error(`the payout of invoice ${invoiceId} is not written yet`);

/**
 * A plan invoice refunded (at Stripe: the app never refunds one) before its month ended: the coach
 * is paid the rest when it ends, their share less the refund's part of it (domain/fees.ts
 * refundSplit, the rule of the refund's ledger entry), nothing once it is refunded in full. One
 * refunded after the transfer started leaves the platform carrying it: alarmed.
 */
async function notePlanRefund(
  invoiceId: string,
  payment: LedgerEntry,
  event: EventOf<'chargeRefunded'>,
): Promise<void> {
  const refundedCoachCents = refundSplit(payment, event.refundedCents).coachCents;
  const found = await recordPlanPayoutRefund(invoiceId, { refundedCents: event.refundedCents, refundedCoachCents });
  if (!found) throw payoutNotYetWritten(invoiceId);
  const leftCents = planPayoutDueCents(found.payout);
  if (leftCents === 0) await forgetOwedTransfer(found.payout.id);
  else await lowerOwedTransfer(found.payout.id, leftCents);
  if (found.afterTransfer) {
    log('error', "a plan invoice was refunded after the coach's transfer", { invoiceId, refundId: event.refundId });
    countMetric(BUSINESS_METRICS.disputesAfterTransfer);
  }
}

/**
 * A dispute before the coach's transfer blocks it (workflows/payments/coach-transfer.ts); one after it means
 * the platform has paid out money the bank is taking back: recorded and alarmed.
 */
async function noteDispute(item: TransferItem, disputeId: string): Promise<void> {
  const found = await recordDispute(item.key, disputeId);
  if (!found && item.invoiceId) throw payoutNotYetWritten(item.invoiceId);
  if (found?.firstNotice && found.afterTransfer) {
    log('error', "a dispute was opened after the coach's transfer", { paidFor: item.owedId, disputeId });
    countMetric(BUSINESS_METRICS.disputesAfterTransfer);
  }
}

/**
 * A dispute that closed with the money back (won, or an inquiry closed after a warning) unblocks
 * the coach's transfer: a session already delivered (a plan month already ended) is owed it, paid
 * by the daily retry (payOwedTransfers), and one not yet delivered is paid by its completion as
 * usual. A lost one keeps it blocked (its entry takes the coach's share back) and is no longer owed.
 */
async function noteDisputeClosed(
  item: TransferItem,
  disputeId: string,
  outcome: 'won' | 'lost',
  now: Date,
): Promise<void> {
  const closed = await recordDisputeOutcome<SessionItem | PlanPayoutItem>(item.key, disputeId, outcome);
  if (!closed) return;
  if (closed.disputeOutcome === 'lost') {
    await forgetOwedTransfer(item.owedId);
    log('warn', 'a dispute was lost', { paidFor: item.owedId, disputeId, coachPaid: Boolean(closed.transferId) });
    return;
  }
  const owed = await transferOwedAfterDispute(closed, now);
  if (!owed) return;
  const reason = 'The charge was disputed; the dispute was won, so the transfer is made by the daily retry.';
  await recordOwedTransfer({ sessionId: item.owedId, currency: 'usd', reason, ...owed }, now);
}

/** The coach and amount a won dispute leaves owed: the transfer's time has come and it was not made. */
async function transferOwedAfterDispute(
  closed: SessionItem | PlanPayoutItem,
  now: Date,
): Promise<{ coachId: string; amountCents: number } | null> {
  if (closed.transferId || closed.refundId) return null;
  if ('invoiceId' in closed) {
    const amountCents = planPayoutDueCents(closed);
    const subscription = await getSubscription(closed.subscriptionId);
    if (amountCents === 0 || !subscription || !planPeriodEnded(closed.periodEnd, subscription, now)) return null;
    return { coachId: closed.coachId, amountCents };
  }
  if (closed.status !== 'completed' || !closed.paymentIntentId) return null;
  return { coachId: closed.coachId, amountCents: closed.priceCents - closed.platformFeeCents };
}

const countedKinds: Partial<Record<LedgerEntry['kind'], BusinessMetric>> = {
  payment: BUSINESS_METRICS.paymentsSettled,
  refund: BUSINESS_METRICS.refunds,
  subscription_refund: BUSINESS_METRICS.refunds,
};

/** Counts a payment or refund once: when its entry is new, not when a redelivered event finds it. */
async function appendCounted(entry: LedgerEntry): Promise<boolean> {
  const added = (await appendLedgerEntry(entry)) === 'added';
  const metric = countedKinds[entry.kind];
  if (added && metric) countMetric(metric);
  return added;
}

/** Appends the entries in order, each once; answers those this delivery added. */
async function appendedOf(entries: readonly LedgerEntry[]): Promise<LedgerEntry[]> {
  const added: LedgerEntry[] = [];
  for (const entry of entries) if (await appendCounted(entry)) added.push(entry);
  return added;
}
