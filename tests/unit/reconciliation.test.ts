import { describe, expect, it } from 'vitest';
import { type BalanceTransaction, reconcile } from '../../functions/domain/reconciliation';
import type { LedgerEntry } from '../../functions/schemas/ledger';

const entry = (kind: LedgerEntry['kind'], amounts: Partial<LedgerEntry>, chargeId = 'ch_1'): LedgerEntry => ({
  id: `${kind}:${chargeId}:${JSON.stringify(amounts)}`,
  at: '2026-10-05T10:00:00.000Z',
  kind,
  sessionId: 's',
  coachId: 'c',
  menteeId: 'm',
  currency: 'usd',
  grossCents: 0,
  platformFeeCents: 0,
  refundCents: 0,
  disputedCents: 0,
  netToCoachCents: 0,
  transferredCents: 0,
  processingFeeCents: 0,
  stripe: { eventId: 'evt', chargeId },
  ...amounts,
});
const transaction = (
  category: BalanceTransaction['category'],
  amountCents: number,
  chargeId = 'ch_1',
): BalanceTransaction => ({
  id: `txn_${category}_${amountCents}_${chargeId}`,
  category,
  chargeId,
  amountCents,
  currency: 'usd',
  created: '2026-10-05T10:00:00.000Z',
});

describe('reconciling a day', () => {
  it('matches a payment, its refund and a dispute with their balance transactions', () => {
    const result = reconcile(
      [
        entry('payment', { grossCents: 12_000 }),
        entry('refund', { refundCents: 12_000 }),
        entry('dispute_opened', { disputedCents: 5_000 }, 'ch_2'),
      ],
      [transaction('charge', 12_000), transaction('refund', -12_000), transaction('dispute', -5_000, 'ch_2')],
    );
    expect(result).toEqual({ matched: 3, mismatches: [] });
  });

  it('sums partial refunds of one charge on both sides', () => {
    const result = reconcile(
      [entry('refund', { refundCents: 3_000 }), entry('refund', { refundCents: 9_000 })],
      [transaction('refund', -6_000), transaction('refund', -6_000)],
    );
    expect(result).toEqual({ matched: 1, mismatches: [] });
  });

  it('finds an entry Stripe has no transaction for, and a transaction the ledger has no entry for', () => {
    const result = reconcile([entry('payment', { grossCents: 12_000 })], [transaction('charge', 8_000, 'ch_2')]);
    expect(result.matched).toBe(0);
    expect(result.mismatches).toEqual([
      { outcome: 'missing_in_stripe', kind: 'charge', source: 'ch_1', ledgerCents: 12_000, stripeCents: null },
      { outcome: 'missing_in_ledger', kind: 'charge', source: 'ch_2', ledgerCents: null, stripeCents: 8_000 },
    ]);
  });

  it('finds an amount that differs', () => {
    expect(reconcile([entry('payment', { grossCents: 12_000 })], [transaction('charge', 11_999)]).mismatches).toEqual([
      { outcome: 'amount_differs', kind: 'charge', source: 'ch_1', ledgerCents: 12_000, stripeCents: 11_999 },
    ]);
  });

  it('takes a lost dispute closing on its own day, which moves nothing, as no mismatch', () => {
    expect(reconcile([entry('dispute_closed', { disputedCents: 0 })], [])).toEqual({ matched: 1, mismatches: [] });
  });

  it('matches a won dispute given back, and a failed refund coming back', () => {
    const result = reconcile(
      [entry('dispute_closed', { disputedCents: -5_000 }), entry('refund_failed', { refundCents: -12_000 })],
      [transaction('dispute', 5_000), transaction('refund_failure', 12_000)],
    );
    expect(result).toEqual({ matched: 2, mismatches: [] });
  });
});
