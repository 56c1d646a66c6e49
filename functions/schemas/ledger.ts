import { recordId } from './record-id';
import * as z from './zod';

export const LEDGER_KINDS = ['payment', 'refund', 'refund_failed', 'dispute_opened', 'dispute_closed'] as const;
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
  stripe: z.object({
    eventId: z.string(),
    checkoutSessionId: z.optional(z.string()),
    paymentIntentId: z.optional(z.string()),
    chargeId: z.optional(z.string()),
    transferId: z.optional(z.string()),
    refundId: z.optional(z.string()),
    disputeId: z.optional(z.string()),
  }),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** Sums of one currency's entries. */
export const ledgerTotals = z.object({
  currency: z.string(),
  paidSessions: z.int(),
  grossCents: z.int(),
  platformFeeCents: z.int(),
  refundCents: z.int(),
  disputedCents: z.int(),
  netToCoachCents: z.int(),
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

export const ledgerPage = z.object({
  entries: z.array(ledgerEntry),
  totals: z.array(ledgerTotals),
  /** Days of the range whose reconciliation with Stripe found a mismatch. */
  reconciliations: z.array(reconciliation),
  /** The name of each coach the page's entries name, by coach id (none for an account without a profile). */
  coachNames: z.record(z.string(), z.string()),
  nextCursor: z.optional(z.string()),
});
export type LedgerPage = z.infer<typeof ledgerPage>;

export const earnings = z.object({
  thisMonth: z.array(ledgerTotals),
  allTime: z.array(ledgerTotals),
});
export type Earnings = z.infer<typeof earnings>;
