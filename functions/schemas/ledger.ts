import { recordId } from './record-id';
import * as z from './zod';

/** In the order of a payment's life: entries of one instant are listed in this order (workflows/payments/finance-ledger.ts). */
export const LEDGER_KINDS = [
  'payment',
  /** A paid invoice of a mentorship plan (a month of sessions); `sessionId` is the subscription's id. */
  'subscription_payment',
  /** Stripe's own processing fee of a payment or refund, from its balance transaction. */
  'processing_fee',
  'refund',
  /** A plan invoice's charge refunded (at Stripe, by an operator): its month's transfer to the coach is that much less. */
  'subscription_refund',
  'refund_failed',
  'dispute_opened',
  /** Stripe's fee of a dispute (in `processingFeeCents`), the platform's whatever the outcome. */
  'dispute_fee',
  'dispute_closed',
  /** A try to refund that the provider refused; another try follows (moves no money). */
  'refund_retry',
  /** The refund was given up: every try failed, or the charge is disputed (moves no money). */
  'refund_given_up',
  /** The coach's share of a delivered session, transferred to their account. */
  'transfer',
  /** A transfer taken back from the coach's account (at Stripe, by an operator). */
  'transfer_reversed',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * One immutable money fact from a processed Stripe event. Amounts are signed integer minor units
 * of `currency` (what the event moved): a refund carries a positive `refundCents` and the
 * negative share of the platform fee and of the coach's net it took back; a correction is a new entry.
 */
export const ledgerEntry = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(LEDGER_KINDS),
  sessionId: z.string(),
  coachId: z.string(),
  menteeId: z.string(),
  currency: z.string(),
  grossCents: z.int(),
  platformFeeCents: z.int(),
  refundCents: z.int(),
  /** Held by an open or lost dispute: plus when opened, minus when won back. */
  disputedCents: z.int(),
  netToCoachCents: z.int(),
  /** Moved to the coach's account: plus for a transfer, minus when it is reversed. Absent on older entries. */
  transferredCents: z._default(z.int(), 0),
  /** Stripe's fees the platform paid: processing fees, and disputes' fees (minus when Stripe gave one back). Absent on older entries. */
  processingFeeCents: z._default(z.int(), 0),
  stripe: z.object({
    eventId: z.string(),
    checkoutSessionId: z.optional(z.string()),
    paymentIntentId: z.optional(z.string()),
    chargeId: z.optional(z.string()),
    transferId: z.optional(z.string()),
    refundId: z.optional(z.string()),
    disputeId: z.optional(z.string()),
    invoiceId: z.optional(z.string()),
  }),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** Sums of one currency's entries. */
export const ledgerTotals = z.object({
  currency: z.string(),
  paidSessions: z.int(),
  /** Paid invoices of mentorship plans (a month each). */
  paidInvoices: z.int(),
  grossCents: z.int(),
  platformFeeCents: z.int(),
  refundCents: z.int(),
  disputedCents: z.int(),
  netToCoachCents: z.int(),
  transferredCents: z.int(),
  processingFeeCents: z.int(),
  /** What the platform really keeps: its fees less Stripe's processing fees. */
  platformNetCents: z.int(),
  /** Transfers made to coaches, and what reversals took back of them (`transferredCents` is the first less the second). */
  transfersCents: z.int(),
  reversedCents: z.int(),
  /** Refund tries the provider refused and that were retried, and refunds given up after their last try. */
  refundRetries: z.int(),
  refundsGivenUp: z.int(),
});
export type LedgerTotals = z.infer<typeof ledgerTotals>;

const day = z.iso.date();

/** A range of whole UTC days, `to` included, at most about a year. */
const dayRange = z.object({ from: day, to: day }).check(
  z.refine(({ from, to }) => from <= to, { message: '`from` must not be after `to`', path: ['to'] }),
  z.refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= 366 * 86_400_000, {
    message: 'The range may span at most 366 days',
    path: ['to'],
  }),
);

export const ledgerCsvQuery = dayRange;

export const ledgerQuery = z
  .object({
    from: day,
    to: day,
    kind: z.optional(z.enum(LEDGER_KINDS)),
    coachId: z.optional(recordId),
    /** Any part of a coach's name, or the start of a coach id. */
    coach: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    cursor: z.optional(z.string().check(z.maxLength(200))),
  })
  .check(
    z.superRefine((query, context) => {
      const range = dayRange.safeParse({ from: query.from, to: query.to });
      for (const issue of range.error?.issues ?? [])
        context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }),
  );
export type LedgerQuery = z.infer<typeof ledgerQuery>;

export const RECONCILIATION_OUTCOMES = ['matched', 'missing_in_ledger', 'missing_in_stripe', 'amount_differs'] as const;

export const reconciliationItem = z.object({
  outcome: z.enum(RECONCILIATION_OUTCOMES),
  /** The Stripe object both sides name (charge, refund or dispute id). */
  source: z.string(),
  kind: z.string(),
  ledgerCents: z.nullable(z.int()),
  stripeCents: z.nullable(z.int()),
});
export type ReconciliationItem = z.infer<typeof reconciliationItem>;

export const reconciliation = z.object({
  day,
  ranAt: z.string(),
  matched: z.int(),
  mismatches: z.array(reconciliationItem),
});
export type Reconciliation = z.infer<typeof reconciliation>;

/** A coach's share of a delivered session (or of a plan's ended month) that could not be transferred yet; retried daily. */
export const owedTransfer = z.object({
  /** The session, or a plan invoice's payout (`payout.<invoice id>`). */
  sessionId: z.string(),
  coachId: z.string(),
  amountCents: z.int(),
  currency: z.string(),
  /** Why the last try did not transfer (the coach's account cannot receive transfers yet, or Stripe's error). */
  reason: z.string(),
  since: z.string(),
  lastTriedAt: z.string(),
});
export type OwedTransfer = z.infer<typeof owedTransfer>;

export const ledgerPage = z.object({
  entries: z.array(ledgerEntry),
  totals: z.array(ledgerTotals),
  /** Every transfer to a coach the platform owes now, whatever the range. */
  owedTransfers: z.array(owedTransfer),
  /** Days of the range whose reconciliation with Stripe found a mismatch. */
  reconciliations: z.array(reconciliation),
  /** The name of each coach the page's entries and the owed transfers name, by coach id (none for an account without a profile). */
  coachNames: z.record(z.string(), z.string()),
  nextCursor: z.optional(z.string()),
});
export type LedgerPage = z.infer<typeof ledgerPage>;

export const earnings = z.object({
  thisMonth: z.array(ledgerTotals),
  allTime: z.array(ledgerTotals),
  /** Paid for the coach's sessions and not yet transferred to them (not yet delivered, or a transfer owed). */
  heldCents: z.int(),
  /** Transferred to the coach's account, all time. */
  transferredCents: z.int(),
});
export type Earnings = z.infer<typeof earnings>;
