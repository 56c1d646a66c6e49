import type { LedgerEntry, ReconciliationItem } from '../schemas/ledger';

export type BalanceCategory = 'charge' | 'refund' | 'refund_failure' | 'dispute' | 'transfer';

/** A platform balance transaction that a ledger entry should have a twin of (adapters/payments.ts). */
export interface BalanceTransaction {
  id: string;
  category: BalanceCategory;
  /** The charge it belongs to (the source itself for a charge). */
  chargeId: string;
  amountCents: number;
  currency: string;
  created: string;
}

/** How an entry moves the platform's balance, by the balance transaction Stripe books for it. */
function balanceMovement(entry: LedgerEntry): { category: BalanceCategory; amountCents: number } | null {
  switch (entry.kind) {
    case 'payment':
    case 'subscription_payment':
      return { category: 'charge', amountCents: entry.grossCents };
    case 'refund':
    case 'subscription_refund':
      return { category: 'refund', amountCents: -entry.refundCents };
    case 'refund_failed':
      return { category: 'refund_failure', amountCents: -entry.refundCents };
    case 'dispute_opened':
    case 'dispute_closed':
      return { category: 'dispute', amountCents: -entry.disputedCents };
    case 'transfer':
    case 'transfer_reversed':
      return { category: 'transfer', amountCents: -entry.transferredCents };
    // A refund the provider refused moved nothing.
    case 'refund_retry':
    case 'refund_given_up':
    // Stripe books its fee on the charge's (the dispute's) own balance transaction, not as a movement of its own.
    case 'processing_fee':
    case 'dispute_fee':
      return null;
  }
}

const sumInto = (sums: Map<string, number>, key: string, amount: number) =>
  sums.set(key, (sums.get(key) ?? 0) + amount);

/**
 * Compares one day's ledger with the platform's balance transactions of that day, per charge and
 * kind of movement (partial refunds sum up on both sides). A lost dispute's close moves nothing,
 * so a side that sums to zero with no twin is no mismatch.
 */
export function reconcile(entries: readonly LedgerEntry[], transactions: readonly BalanceTransaction[]) {
  const ledger = new Map<string, number>();
  const stripe = new Map<string, number>();
  for (const entry of entries) {
    const movement = balanceMovement(entry);
    if (!movement) continue;
    sumInto(
      ledger,
      `${movement.category}|${entry.stripe.chargeId ?? entry.stripe.paymentIntentId}`,
      movement.amountCents,
    );
  }
  for (const transaction of transactions) {
    sumInto(stripe, `${transaction.category}|${transaction.chargeId}`, transaction.amountCents);
  }
  let matched = 0;
  const mismatches: ReconciliationItem[] = [];
  for (const key of new Set([...ledger.keys(), ...stripe.keys()])) {
    const [kind, source] = key.split('|') as [string, string];
    const ledgerCents = ledger.get(key) ?? null;
    const stripeCents = stripe.get(key) ?? null;
    if (ledgerCents === stripeCents || (ledgerCents === 0 && stripeCents === null)) {
      matched += 1;
    } else if (ledgerCents === null) {
      mismatches.push({ outcome: 'missing_in_ledger', source, kind, ledgerCents, stripeCents });
    } else if (stripeCents === null) {
      mismatches.push({ outcome: 'missing_in_stripe', source, kind, ledgerCents, stripeCents });
    } else {
      mismatches.push({ outcome: 'amount_differs', source, kind, ledgerCents, stripeCents });
    }
  }
  return { matched, mismatches };
}
