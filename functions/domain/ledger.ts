import type { LedgerEntry, LedgerTotals } from '../schemas/ledger';
import { refundPartSplit, refundSplit } from './fees';

/** What the provider says about a captured payment: its charge, and the processing fee it kept of it. */
export interface CapturedPayment {
  paymentIntentId: string;
  chargeId: string;
  amountCents: number;
  processingFeeCents: number;
  currency: string;
}

/** A fee Stripe booked on a dispute's balance transaction: its dispute fee (a fee given back is negative). */
export interface DisputeFee {
  balanceTransactionId: string;
  feeCents: number;
}

/** What a dispute event says of the dispute. */
interface DisputeFacts {
  id: string;
  at: string;
  disputeId: string;
  paymentIntentId: string;
  chargeId: string | null;
  amountCents: number;
  currency: string;
  /** The fees of its balance transactions (Stripe lists the withdrawal and, once won, the reinstatement). */
  fees: DisputeFee[];
}

/** The provider's money events, reduced to the facts the ledger keeps (see adapters/stripe-events.ts). */
export type MoneyEvent =
  | {
      id: string;
      kind: 'checkoutPaid';
      at: string;
      checkoutId: string;
      sessionId: string;
      paymentIntentId: string | null;
      /** What the checkout charged, and whether with real money: settlement checks both (workflows/payments/payment-settlement.ts). */
      amountCents: number;
      livemode: boolean;
    }
  | {
      id: string;
      kind: 'chargeRefunded';
      at: string;
      chargeId: string;
      paymentIntentId: string;
      /** Stripe's running total after this refund, and before it (the event's previous attributes). */
      refundedCents: number;
      previouslyRefundedCents: number;
      refundId: string | null;
    }
  | { id: string; kind: 'refundFailed'; at: string; refundId: string; paymentIntentId: string; amountCents: number }
  | (DisputeFacts & { kind: 'disputeOpened' })
  | (DisputeFacts & { kind: 'disputeClosed'; status: string })
  | {
      id: string;
      kind: 'transferReversed';
      at: string;
      transferId: string;
      /** The transfer's group: the session it paid the coach for. */
      sessionId: string;
      /** Stripe's running total reversed of the transfer after this reversal, and before it. */
      reversedCents: number;
      previouslyReversedCents: number;
    };

interface Parties {
  sessionId: string;
  coachId: string;
  menteeId: string;
}

/** Never -0, which a JSON round trip or a CSV would show differently from 0. */
const negated = (cents: number) => 0 - cents;

const noMovement = {
  grossCents: 0,
  platformFeeCents: 0,
  refundCents: 0,
  disputedCents: 0,
  netToCoachCents: 0,
  transferredCents: 0,
  processingFeeCents: 0,
};

/**
 * Entry ids name the money fact, not the event that told us, so a redelivery or a second event
 * type about the same fact (Stripe sends both for some) can never add a second entry.
 */
export const ledgerEntryId = {
  payment: (paymentIntentId: string) => `payment:${paymentIntentId}`,
  refund: (chargeId: string, refundedCents: number) => `refund:${chargeId}:${refundedCents}`,
  refundFailed: (refundId: string) => `refund_failed:${refundId}`,
  disputeOpened: (disputeId: string) => `dispute_opened:${disputeId}`,
  disputeClosed: (disputeId: string) => `dispute_closed:${disputeId}`,
  /** Stripe's fee on one balance transaction of a dispute (its withdrawal's: the dispute fee). */
  disputeFee: (balanceTransactionId: string) => `dispute_fee:${balanceTransactionId}`,
  refundTry: (sessionId: string, tryNumber: number) => `refund_try:${sessionId}:${tryNumber}`,
  /** The processing fee of a charge or a refund (the id of either). */
  processingFee: (sourceId: string) => `processing_fee:${sourceId}`,
  /** One transfer per session or plan invoice (its idempotency key at Stripe is `transfer-<group>`; domain/plans.ts planPayoutId). */
  transfer: (transferGroup: string) => `transfer:${transferGroup}`,
  /** One paid invoice of a mentorship plan, by the PaymentIntent that paid it (a refund or dispute names only that). */
  subscriptionPayment: (paymentIntentId: string) => `subscription_payment:${paymentIntentId}`,
  /** Stripe's running total reversed of the transfer, as for refunds. */
  transferReversed: (transferId: string, reversedCents: number) => `transfer_reversed:${transferId}:${reversedCents}`,
};

/**
 * A refund try the provider refused, for finance to see: retried later (`refund_retry`) or the
 * last (`refund_given_up`). No money moved, so every amount is 0.
 */
export function refundTryEntry(facts: {
  kind: 'refund_retry' | 'refund_given_up';
  tryNumber: number;
  at: string;
  parties: Parties;
  paymentIntentId: string;
  /** The provider's request id of the refused call, where it gave one. */
  requestId: string | null;
}): LedgerEntry {
  return {
    id: ledgerEntryId.refundTry(facts.parties.sessionId, facts.tryNumber),
    at: facts.at,
    kind: facts.kind,
    ...facts.parties,
    currency: 'usd',
    ...noMovement,
    stripe: { eventId: facts.requestId ?? 'none', paymentIntentId: facts.paymentIntentId },
  };
}

/**
 * The payment entry: what the mentee paid, the platform's fee (the session's, fixed at booking),
 * and the coach's share, which the platform holds until the session is delivered.
 */
export function paymentEntry(
  event: Extract<MoneyEvent, { kind: 'checkoutPaid' }>,
  payment: CapturedPayment,
  session: Parties & { platformFeeCents: number },
): LedgerEntry {
  const { platformFeeCents, ...parties } = session;
  return {
    id: ledgerEntryId.payment(payment.paymentIntentId),
    at: event.at,
    kind: 'payment',
    ...parties,
    currency: payment.currency,
    ...noMovement,
    grossCents: payment.amountCents,
    platformFeeCents,
    netToCoachCents: payment.amountCents - platformFeeCents,
    stripe: {
      eventId: event.id,
      checkoutSessionId: event.checkoutId,
      paymentIntentId: payment.paymentIntentId,
      chargeId: payment.chargeId,
    },
  };
}

/**
 * A paid plan invoice: what the mentee paid for the month, the platform's fee (fixed at
 * subscribing), and the coach's share, held like a session's. `sessionId` names the subscription.
 */
export function subscriptionPaymentEntry(
  invoice: { eventId: string; at: string; invoiceId: string },
  payment: CapturedPayment,
  subscription: { subscriptionId: string; coachId: string; menteeId: string; platformFeeCents: number },
): LedgerEntry {
  return {
    id: ledgerEntryId.subscriptionPayment(payment.paymentIntentId),
    at: invoice.at,
    kind: 'subscription_payment',
    sessionId: subscription.subscriptionId,
    coachId: subscription.coachId,
    menteeId: subscription.menteeId,
    currency: payment.currency,
    ...noMovement,
    grossCents: payment.amountCents,
    platformFeeCents: subscription.platformFeeCents,
    netToCoachCents: payment.amountCents - subscription.platformFeeCents,
    stripe: {
      eventId: invoice.eventId,
      invoiceId: invoice.invoiceId,
      paymentIntentId: payment.paymentIntentId,
      chargeId: payment.chargeId,
    },
  };
}

/** Stripe's processing fee of a payment or a refund (`source`: the charge or refund id), as its own entry. */
export function processingFeeEntry(
  payment: LedgerEntry,
  fee: { at: string; eventId: string; sourceId: string; feeCents: number; refundId?: string },
): LedgerEntry {
  const entry = followUp(
    payment,
    { id: fee.eventId, at: fee.at },
    ledgerEntryId.processingFee(fee.sourceId),
    'processing_fee',
  );
  return {
    ...entry,
    processingFeeCents: fee.feeCents,
    stripe: { ...entry.stripe, ...(fee.refundId ? { refundId: fee.refundId } : {}) },
  };
}

/**
 * The coach's share of a delivered session, or of a plan's month once it ended, moved to their
 * account from the charge that paid for it. `transferGroup` names the transfer (the plan invoice's
 * payout id; a session's is its id); `sessionId` the session or subscription it belongs to.
 */
export function transferEntry(
  transfer: Parties & {
    transferGroup?: string;
    at: string;
    transferId: string;
    amountCents: number;
    currency: string;
    paymentIntentId: string;
    chargeId: string;
  },
): LedgerEntry {
  return {
    id: ledgerEntryId.transfer(transfer.transferGroup ?? transfer.sessionId),
    at: transfer.at,
    kind: 'transfer',
    sessionId: transfer.sessionId,
    coachId: transfer.coachId,
    menteeId: transfer.menteeId,
    currency: transfer.currency,
    ...noMovement,
    transferredCents: transfer.amountCents,
    stripe: {
      eventId: transfer.transferId,
      paymentIntentId: transfer.paymentIntentId,
      chargeId: transfer.chargeId,
      transferId: transfer.transferId,
    },
  };
}

/**
 * Money taken back from the coach's account by reversing their transfer (at Stripe, by an
 * operator): it is no longer transferred nor the coach's, so what the platform holds for them is
 * unchanged. Null when the running total did not grow (a redelivered or out-of-order event).
 */
export function transferReversedEntry(
  event: Extract<MoneyEvent, { kind: 'transferReversed' }>,
  transfer: LedgerEntry,
): LedgerEntry | null {
  const reversedCents = event.reversedCents - event.previouslyReversedCents;
  if (reversedCents <= 0) return null;
  return {
    ...transfer,
    id: ledgerEntryId.transferReversed(event.transferId, event.reversedCents),
    at: event.at,
    kind: 'transfer_reversed',
    ...noMovement,
    transferredCents: negated(reversedCents),
    netToCoachCents: negated(reversedCents),
    stripe: { ...transfer.stripe, eventId: event.id, transferId: event.transferId },
  };
}

const followUp = (
  payment: LedgerEntry,
  event: { id: string; at: string },
  id: string,
  kind: LedgerEntry['kind'],
): LedgerEntry => ({
  id,
  at: event.at,
  kind,
  sessionId: payment.sessionId,
  coachId: payment.coachId,
  menteeId: payment.menteeId,
  currency: payment.currency,
  ...noMovement,
  stripe: {
    eventId: event.id,
    paymentIntentId: payment.stripe.paymentIntentId,
    ...(payment.stripe.chargeId ? { chargeId: payment.stripe.chargeId } : {}),
  },
});

/**
 * How a closed dispute ended for the money: Stripe gives the disputed amount back when it is won
 * or closed after a warning (an inquiry: `warning_closed`); a lost one stays withdrawn.
 */
export const disputeOutcomeOf = (status: string): 'won' | 'lost' => (status === 'lost' ? 'lost' : 'won');

/** The session a payment entry paid for; a plan invoice's payment names its subscription, no session. */
export const sessionPaidBy = (payment: LedgerEntry): string | null =>
  payment.kind === 'payment' ? payment.sessionId : null;

/** What a `charge.refunded` gave back: the growth of Stripe's running total. */
export const refundedBy = (event: { refundedCents: number; previouslyRefundedCents: number }) =>
  event.refundedCents - event.previouslyRefundedCents;

/**
 * The entry a follow-up event adds to its payment's entry, or null when it moved no money (a
 * `charge.refunded` whose running total did not grow).
 */
export function followUpEntry(
  event: Exclude<MoneyEvent, { kind: 'checkoutPaid' | 'transferReversed' }>,
  payment: LedgerEntry,
  /** Whether the coach's share was transferred already: then a lost dispute is the platform's loss alone. */
  options: { coachPaid?: boolean } = {},
): LedgerEntry | null {
  switch (event.kind) {
    case 'chargeRefunded': {
      const refundCents = refundedBy(event);
      if (refundCents <= 0) return null;
      // The coach's share was never transferred (or the platform carries it): the refund splits by fees.ts's rule.
      const fee = refundPartSplit(payment, event).platformFeeCents;
      const kind = payment.kind === 'subscription_payment' ? 'subscription_refund' : 'refund';
      const entry = followUp(payment, event, ledgerEntryId.refund(event.chargeId, event.refundedCents), kind);
      return {
        ...entry,
        refundCents,
        platformFeeCents: negated(fee),
        netToCoachCents: negated(refundCents - fee),
        stripe: { ...entry.stripe, ...(event.refundId ? { refundId: event.refundId } : {}) },
      };
    }
    case 'refundFailed': {
      // The money came back to us: the refund's entry is corrected by its mirror image.
      const fee = refundSplit(payment, event.amountCents).platformFeeCents;
      const entry = followUp(payment, event, ledgerEntryId.refundFailed(event.refundId), 'refund_failed');
      return {
        ...entry,
        refundCents: negated(event.amountCents),
        platformFeeCents: fee,
        netToCoachCents: event.amountCents - fee,
        stripe: { ...entry.stripe, refundId: event.refundId },
      };
    }
    case 'disputeOpened': {
      const entry = followUp(payment, event, ledgerEntryId.disputeOpened(event.disputeId), 'dispute_opened');
      return { ...entry, disputedCents: event.amountCents, stripe: { ...entry.stripe, disputeId: event.disputeId } };
    }
    case 'disputeClosed': {
      const lost = disputeOutcomeOf(event.status) === 'lost';
      const entry = followUp(payment, event, ledgerEntryId.disputeClosed(event.disputeId), 'dispute_closed');
      const closed = {
        ...entry,
        disputedCents: negated(lost ? 0 : event.amountCents),
        stripe: { ...entry.stripe, disputeId: event.disputeId },
      };
      if (!lost || options.coachPaid) return closed;
      // Lost before the coach was paid: like a refund, the fee and the coach's share of it are gone, never transferred.
      const fee = refundSplit(payment, event.amountCents).platformFeeCents;
      return { ...closed, platformFeeCents: negated(fee), netToCoachCents: negated(event.amountCents - fee) };
    }
  }
}

type DisputeEvent = Extract<MoneyEvent, { kind: 'disputeOpened' | 'disputeClosed' }>;

/**
 * Stripe's fee of a dispute (15 USD in the US, "a single balance transaction for the dispute amount
 * and fee": support.stripe.com/questions/dispute-fees-faq), one entry per balance transaction that
 * carries one, whatever the dispute's outcome: the platform's cost, never the coach's.
 */
export const disputeFeeEntries = (event: DisputeEvent, payment: LedgerEntry): LedgerEntry[] =>
  event.fees.map((fee) => {
    const entry = followUp(payment, event, ledgerEntryId.disputeFee(fee.balanceTransactionId), 'dispute_fee');
    return { ...entry, processingFeeCents: fee.feeCents, stripe: { ...entry.stripe, disputeId: event.disputeId } };
  });

/** How long a refund or dispute of a charge the ledger has no payment for is retried before it is taken as none of ours. */
export const UNMATCHED_CHARGE_RETRY_MS = 60 * 60_000;

/**
 * Whether an event about a charge the ledger has no payment for is over an hour old (by Stripe's
 * `created`): until then the payment's own write may still be on its way, so the webhook fails and
 * Stripe retries; after it, the charge is one the product does not know (a Dashboard charge, or one
 * finance refunded or disputed there), and retrying for Stripe's three days would change nothing.
 */
export const unmatchedForGood = (event: { at: string }, now: Date): boolean =>
  now.getTime() - Date.parse(event.at) > UNMATCHED_CHARGE_RETRY_MS;

/**
 * A dispute of a charge the ledger has no payment for, for finance to see: its entry and its fee,
 * with no session, coach or mentee; all of it the platform's, as no coach is paid from it.
 */
export function unmatchedDisputeEntries(event: DisputeEvent): LedgerEntry[] {
  const none: LedgerEntry = {
    id: '',
    at: event.at,
    kind: 'payment',
    sessionId: '',
    coachId: '',
    menteeId: '',
    currency: event.currency,
    ...noMovement,
    stripe: {
      eventId: event.id,
      paymentIntentId: event.paymentIntentId,
      ...(event.chargeId ? { chargeId: event.chargeId } : {}),
    },
  };
  const dispute = followUpEntry(event, none, { coachPaid: true }) as LedgerEntry;
  return [dispute, ...disputeFeeEntries(event, none)];
}

/** Totals of no entries. */
export const noTotals = (currency: string): LedgerTotals => ({
  currency,
  paidSessions: 0,
  paidInvoices: 0,
  grossCents: 0,
  platformFeeCents: 0,
  refundCents: 0,
  disputedCents: 0,
  netToCoachCents: 0,
  transferredCents: 0,
  processingFeeCents: 0,
  platformNetCents: 0,
  transfersCents: 0,
  reversedCents: 0,
  refundRetries: 0,
  refundsGivenUp: 0,
});

/** Sums per currency, in the order currencies first appear. */
export function ledgerTotals(entries: readonly LedgerEntry[]): LedgerTotals[] {
  const byCurrency = new Map<string, LedgerTotals>();
  for (const entry of entries) {
    const totals = byCurrency.get(entry.currency) ?? noTotals(entry.currency);
    byCurrency.set(entry.currency, {
      currency: entry.currency,
      paidSessions: totals.paidSessions + (entry.kind === 'payment' ? 1 : 0),
      paidInvoices: totals.paidInvoices + (entry.kind === 'subscription_payment' ? 1 : 0),
      grossCents: totals.grossCents + entry.grossCents,
      platformFeeCents: totals.platformFeeCents + entry.platformFeeCents,
      refundCents: totals.refundCents + entry.refundCents,
      disputedCents: totals.disputedCents + entry.disputedCents,
      netToCoachCents: totals.netToCoachCents + entry.netToCoachCents,
      transferredCents: totals.transferredCents + entry.transferredCents,
      processingFeeCents: totals.processingFeeCents + entry.processingFeeCents,
      platformNetCents: totals.platformNetCents + entry.platformFeeCents - entry.processingFeeCents,
      transfersCents: totals.transfersCents + (entry.kind === 'transfer' ? entry.transferredCents : 0),
      reversedCents: totals.reversedCents - (entry.kind === 'transfer_reversed' ? entry.transferredCents : 0),
      refundRetries: totals.refundRetries + (entry.kind === 'refund_retry' ? 1 : 0),
      refundsGivenUp: totals.refundsGivenUp + (entry.kind === 'refund_given_up' ? 1 : 0),
    });
  }
  return [...byCurrency.values()];
}

/**
 * A coach's money at the platform: transferred to their account, and held (their share of what
 * was paid, less refunds, not yet transferred: sessions not yet delivered, or a transfer owed).
 */
export function coachHoldings(entries: readonly LedgerEntry[]): { heldCents: number; transferredCents: number } {
  let net = 0;
  let transferredCents = 0;
  for (const entry of entries) {
    net += entry.netToCoachCents;
    transferredCents += entry.transferredCents;
  }
  return { heldCents: Math.max(net - transferredCents, 0), transferredCents };
}
