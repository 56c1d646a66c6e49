import type Stripe from 'stripe';
import type { BalanceCategory, BalanceTransaction } from '../domain/reconciliation';

const CATEGORY_OF_TYPE: Partial<Record<Stripe.BalanceTransaction.Type, BalanceCategory>> = {
  charge: 'charge',
  payment: 'charge',
  refund: 'refund',
  payment_refund: 'refund',
  refund_failure: 'refund_failure',
  payment_failure_refund: 'refund_failure',
  transfer: 'transfer',
  transfer_cancel: 'transfer',
  transfer_refund: 'transfer',
};

/** The transfer a reversal's balance transaction takes money back from: its source names it, not its charge. */
export function reversedTransferOf(transaction: Stripe.BalanceTransaction): string | null {
  const { source } = transaction;
  if (!source || typeof source === 'string' || source.object !== 'transfer_reversal') return null;
  return typeof source.transfer === 'string' ? source.transfer : source.transfer.id;
}

const chargeOf = (source: Stripe.BalanceTransaction['source'], reversedFrom: string | null): string | null => {
  if (!source || typeof source === 'string') return null;
  if (source.object === 'transfer_reversal') return reversedFrom;
  if (source.object === 'charge') return source.id;
  if ('charge' in source && source.charge) return typeof source.charge === 'string' ? source.charge : source.charge.id;
  // A transfer names the charge that funded it (source_transaction).
  if (source.object === 'transfer' && source.source_transaction) {
    return typeof source.source_transaction === 'string' ? source.source_transaction : source.source_transaction.id;
  }
  return null;
};

/**
 * A platform balance transaction (listed with `expand: ['data.source']`) as the movement a ledger
 * entry has a twin of, or null for movements the ledger does not keep (payouts, Stripe's fees).
 * A transfer reversal's charge is the one that funded its transfer (`reversedFrom`, looked up by
 * the caller from {@link reversedTransferOf}).
 */
export function toBalanceTransaction(
  transaction: Stripe.BalanceTransaction,
  reversedFrom: string | null = null,
): BalanceTransaction | null {
  const category =
    transaction.type === 'adjustment' && transaction.reporting_category.startsWith('dispute')
      ? 'dispute'
      : CATEGORY_OF_TYPE[transaction.type];
  const chargeId = chargeOf(transaction.source, reversedFrom);
  if (!category || !chargeId) return null;
  return {
    id: transaction.id,
    category,
    chargeId,
    amountCents: transaction.amount,
    currency: transaction.currency,
    created: new Date(transaction.created * 1000).toISOString(),
  };
}
