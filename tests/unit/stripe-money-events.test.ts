import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { reversedTransferOf, toBalanceTransaction } from '../../functions/adapters/stripe-balance';
import { signStripeEvent, verifyStripeEvent } from '../../functions/adapters/stripe-events';

const SECRET = 'whsec_local_standin';
const CREATED = 1_790_000_000;
const AT = new Date(CREATED * 1000).toISOString();

const reduce = (type: string, object: Record<string, unknown>, previous?: Record<string, unknown>) => {
  const event = {
    id: 'evt_1',
    object: 'event',
    type,
    created: CREATED,
    livemode: false,
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
  };
  const { body, signature } = signStripeEvent(event, SECRET);
  return verifyStripeEvent(body, signature, [SECRET]);
};

describe('money events from Stripe', () => {
  it('a paid checkout carries the event time', () => {
    expect(
      reduce('checkout.session.completed', {
        id: 'cs_1',
        payment_status: 'paid',
        payment_intent: 'pi_1',
        amount_total: 6_000,
        metadata: { sessionId: 'session-1' },
      }),
    ).toEqual({
      id: 'evt_1',
      kind: 'checkoutPaid',
      at: AT,
      checkoutId: 'cs_1',
      sessionId: 'session-1',
      paymentIntentId: 'pi_1',
      amountCents: 6_000,
      livemode: false,
    });
  });

  it('charge.refunded gives the running total before and after, and names no refund (the workflow lists it)', () => {
    expect(
      reduce(
        'charge.refunded',
        { id: 'ch_1', object: 'charge', payment_intent: 'pi_1', amount_refunded: 12_000 },
        { amount_refunded: 3_000 },
      ),
    ).toEqual({
      id: 'evt_1',
      kind: 'chargeRefunded',
      at: AT,
      chargeId: 'ch_1',
      paymentIntentId: 'pi_1',
      refundedCents: 12_000,
      previouslyRefundedCents: 3_000,
    });
  });

  it('charge.refunded without previous attributes starts from zero', () => {
    expect(
      reduce('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: { id: 'pi_1' }, amount_refunded: 500 }),
    ).toMatchObject({ kind: 'chargeRefunded', previouslyRefundedCents: 0, paymentIntentId: 'pi_1' });
  });

  it.each(['charge.refund.updated', 'refund.failed'])('%s of a failed refund is a refund failure', (type) => {
    expect(
      reduce(type, { id: 're_1', object: 'refund', status: 'failed', payment_intent: 'pi_1', amount: 12_000 }),
    ).toEqual({
      id: 'evt_1',
      kind: 'refundFailed',
      at: AT,
      refundId: 're_1',
      paymentIntentId: 'pi_1',
      amountCents: 12_000,
    });
  });

  it('charge.refund.updated of a refund that did not fail is not a money event', () => {
    expect(
      reduce('charge.refund.updated', { id: 're_1', status: 'succeeded', payment_intent: 'pi_1', amount: 1 }),
    ).toMatchObject({ kind: 'unhandled' });
  });

  it('disputes opening and closing, with the fees of their balance transactions (the dispute fee)', () => {
    const withdrawal = { id: 'txn_1', object: 'balance_transaction', amount: -12_000, fee: 1_500 };
    const dispute = {
      id: 'dp_1',
      object: 'dispute',
      amount: 12_000,
      currency: 'usd',
      payment_intent: 'pi_1',
      charge: 'ch_1',
      balance_transactions: [withdrawal],
    };
    expect(reduce('charge.dispute.created', { ...dispute, status: 'needs_response' })).toEqual({
      id: 'evt_1',
      kind: 'disputeOpened',
      at: AT,
      disputeId: 'dp_1',
      paymentIntentId: 'pi_1',
      chargeId: 'ch_1',
      amountCents: 12_000,
      currency: 'usd',
      fees: [{ balanceTransactionId: 'txn_1', feeCents: 1_500 }],
    });
    const reinstated = { id: 'txn_2', object: 'balance_transaction', amount: 12_000, fee: 0 };
    expect(
      reduce('charge.dispute.closed', { ...dispute, status: 'won', balance_transactions: [withdrawal, reinstated] }),
    ).toMatchObject({ kind: 'disputeClosed', fees: [{ balanceTransactionId: 'txn_1', feeCents: 1_500 }] });
    expect(reduce('charge.dispute.closed', { ...dispute, status: 'won' })).toMatchObject({
      kind: 'disputeClosed',
      status: 'won',
    });
  });

  it('transfer.reversed names the session by its transfer group and the running total reversed before and after', () => {
    const transfer = (previous?: Record<string, unknown>, reversals?: unknown[]) =>
      reduce(
        'transfer.reversed',
        {
          id: 'tr_1',
          object: 'transfer',
          amount: 10_800,
          amount_reversed: 10_800,
          transfer_group: 'session-1',
          ...(reversals ? { reversals: { object: 'list', data: reversals } } : {}),
        },
        previous,
      );
    const expected = {
      id: 'evt_1',
      kind: 'transferReversed',
      at: AT,
      transferId: 'tr_1',
      sessionId: 'session-1',
      reversedCents: 10_800,
      previouslyReversedCents: 1_000,
    };
    expect(transfer({ amount_reversed: 1_000 })).toEqual(expected);
    // Without previous attributes, the newest reversal listed is this event's.
    expect(
      transfer(undefined, [
        { id: 'trr_2', amount: 9_800 },
        { id: 'trr_1', amount: 1_000 },
      ]),
    ).toEqual(expected);
    expect(transfer()).toEqual({ ...expected, previouslyReversedCents: 0 });
  });

  it('a charge without a PaymentIntent is not ours', () => {
    expect(reduce('charge.refunded', { id: 'ch_1', payment_intent: null, amount_refunded: 1 })).toMatchObject({
      kind: 'unhandled',
    });
  });
});

describe('platform balance transactions', () => {
  const transaction = (fields: Partial<Stripe.BalanceTransaction> & Record<string, unknown>) =>
    toBalanceTransaction({
      id: 'txn_1',
      object: 'balance_transaction',
      amount: 0,
      currency: 'usd',
      created: CREATED,
      reporting_category: 'charge',
      ...fields,
    } as Stripe.BalanceTransaction);

  it('a charge names itself; a refund and a dispute name their charge', () => {
    expect(
      transaction({ type: 'charge', amount: 12_000, source: { id: 'ch_1', object: 'charge' } as Stripe.Charge }),
    ).toEqual({
      id: 'txn_1',
      category: 'charge',
      chargeId: 'ch_1',
      amountCents: 12_000,
      currency: 'usd',
      created: AT,
    });
    expect(
      transaction({
        type: 'refund',
        amount: -12_000,
        source: { id: 're_1', object: 'refund', charge: 'ch_1' } as Stripe.Refund,
      }),
    ).toMatchObject({ category: 'refund', chargeId: 'ch_1' });
    expect(
      transaction({
        type: 'adjustment',
        reporting_category: 'dispute',
        amount: -12_000,
        source: { id: 'dp_1', object: 'dispute', charge: 'ch_1' } as Stripe.Dispute,
      }),
    ).toMatchObject({ category: 'dispute', chargeId: 'ch_1' });
    expect(
      transaction({
        type: 'transfer',
        amount: -10_800,
        source: { id: 'tr_1', object: 'transfer', source_transaction: 'ch_1' } as Stripe.Transfer,
      }),
    ).toMatchObject({ category: 'transfer', chargeId: 'ch_1', amountCents: -10_800 });
  });

  it('a transfer reversal names the charge that funded its transfer, which the caller looks up', () => {
    const reversal = {
      type: 'transfer_refund',
      amount: 2_000,
      source: { id: 'trr_1', object: 'transfer_reversal', transfer: 'tr_1' } as Stripe.TransferReversal,
    } as const;
    const balance = {
      id: 'txn_1',
      object: 'balance_transaction',
      currency: 'usd',
      created: CREATED,
      reporting_category: 'transfer_reversal',
      ...reversal,
    } as Stripe.BalanceTransaction;
    expect(reversedTransferOf(balance)).toBe('tr_1');
    expect(toBalanceTransaction(balance, 'ch_1')).toMatchObject({
      category: 'transfer',
      chargeId: 'ch_1',
      amountCents: 2_000,
    });
    expect(transaction(reversal)).toBeNull();
  });

  it('leaves out what the ledger does not keep: payouts, other adjustments, a transfer not funded by a charge', () => {
    expect(transaction({ type: 'transfer', amount: -10_800, source: 'tr_1' })).toBeNull();
    expect(transaction({ type: 'payout', amount: -50_000, source: 'po_1' })).toBeNull();
    expect(transaction({ type: 'adjustment', reporting_category: 'other_adjustment', source: 'x' })).toBeNull();
  });
});
