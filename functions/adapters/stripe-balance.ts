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

const chargeOf = (source: Stripe.BalanceTransaction['source']): string | null => {
  if (!source || typeof source === 'string') return null;
  if (source.object === 'charge') return source.id;
  if ('charge' in source && source.charge) return typeof source.charge === 'string' ? source.charge : source.charge.id;
  // A transfer names the charge that funded it (source_transaction); a reversal names its transfer.
  if (source.object === 'transfer' && source.source_transaction) {
    return typeof source.source_transaction === 'string' ? source.source_transaction : source.source_transaction.id;
  }
  return null;
};

/**
 * A platform balance transaction (listed with `expand: ['data.source']`) as the movement a ledger
 * entry has a twin of, or null for movements the ledger does not keep (payouts, Stripe's fees).
 */
export function toBalanceTransaction(transaction: Stripe.BalanceTransaction): BalanceTransaction | null {
  const category =
    transaction.type === 'adjustment' && transaction.reporting_category.startsWith('dispute')
      ? 'dispute'
      : CATEGORY_OF_TYPE[transaction.type];
  const chargeId = chargeOf(transaction.source);
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
