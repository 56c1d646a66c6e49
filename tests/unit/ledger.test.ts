import { describe, expect, it } from 'vitest';
import {
  type CapturedPayment,
  coachHoldings,
  disputeFeeEntries,
  disputeOutcomeOf,
  followUpEntry,
  ledgerTotals,
  type MoneyEvent,
  paymentEntry,
  processingFeeEntry,
  refundTryEntry,
  sessionPaidBy,
  subscriptionPaymentEntry,
  transferEntry,
  transferReversedEntry,
  unmatchedDisputeEntries,
  unmatchedForGood,
} from '../../functions/domain/ledger';
import type { LedgerEntry } from '../../functions/schemas/ledger';

const parties = { sessionId: 'session-1', coachId: 'coach-1', menteeId: 'mentee-1' };
const captured: CapturedPayment = {
  paymentIntentId: 'pi_1',
  chargeId: 'ch_1',
  amountCents: 12_000,
  processingFeeCents: 378,
  currency: 'usd',
};
const session = { ...parties, platformFeeCents: 1_200 };
const paid = paymentEntry(
  {
    id: 'evt_paid',
    kind: 'checkoutPaid',
    at: '2026-10-05T10:00:00.000Z',
    checkoutId: 'cs_1',
    sessionId: 'session-1',
    paymentIntentId: 'pi_1',
    amountCents: 12_000,
    livemode: false,
  },
  captured,
  session,
);
const refunded = (refundedCents: number, previouslyRefundedCents: number): MoneyEvent => ({
  id: `evt_refund_${refundedCents}`,
  kind: 'chargeRefunded',
  at: '2026-10-06T10:00:00.000Z',
  chargeId: 'ch_1',
  paymentIntentId: 'pi_1',
  refundedCents,
  previouslyRefundedCents,
  refundId: 're_1',
});
const follow = (event: MoneyEvent) => followUpEntry(event as Parameters<typeof followUpEntry>[0], paid);
const amounts = (entry: LedgerEntry | null) =>
  entry && {
    grossCents: entry.grossCents,
    platformFeeCents: entry.platformFeeCents,
    refundCents: entry.refundCents,
    disputedCents: entry.disputedCents,
    netToCoachCents: entry.netToCoachCents,
  };

describe('the payment entry', () => {
  it("splits what the mentee paid into the session's platform fee and the coach's net, held until delivery", () => {
    expect(amounts(paid)).toEqual({
      grossCents: 12_000,
      platformFeeCents: 1_200,
      refundCents: 0,
      disputedCents: 0,
      netToCoachCents: 10_800,
    });
    expect(paid).toMatchObject({
      id: 'payment:pi_1',
      kind: 'payment',
      ...parties,
      stripe: {
        eventId: 'evt_paid',
        checkoutSessionId: 'cs_1',
        paymentIntentId: 'pi_1',
        chargeId: 'ch_1',
      },
    });
    expect(paid.stripe).not.toHaveProperty('transferId');
  });

  it('is named after the PaymentIntent, so a second event about the same payment makes the same entry', () => {
    const again = paymentEntry(
      {
        id: 'evt_async',
        kind: 'checkoutPaid',
        at: '2026-10-05T10:05:00.000Z',
        checkoutId: 'cs_1',
        sessionId: 'session-1',
        paymentIntentId: 'pi_1',
        amountCents: 12_000,
        livemode: false,
      },
      captured,
      session,
    );
    expect(again.id).toBe(paid.id);
  });
});

describe('follow-up entries', () => {
  it('a full refund gives back the whole fee and the whole net', () => {
    expect(amounts(follow(refunded(12_000, 0)))).toEqual({
      grossCents: 0,
      platformFeeCents: -1_200,
      refundCents: 12_000,
      disputedCents: 0,
      netToCoachCents: -10_800,
    });
  });

  it('partial refunds take the fee back in proportion, each named by the running total it reached', () => {
    const first = follow(refunded(3_333, 0));
    const second = follow(refunded(12_000, 3_333));
    expect(amounts(first)).toMatchObject({ refundCents: 3_333, platformFeeCents: -333, netToCoachCents: -3_000 });
    expect(amounts(second)).toMatchObject({ refundCents: 8_667, platformFeeCents: -867, netToCoachCents: -7_800 });
    expect([first?.id, second?.id]).toEqual(['refund:ch_1:3333', 'refund:ch_1:12000']);
  });

  it('a charge.refunded whose running total did not grow adds nothing', () => {
    expect(follow(refunded(12_000, 12_000))).toBeNull();
  });

  it('a failed refund is corrected by its mirror image, never by changing the refund entry', () => {
    const failed = follow({
      id: 'evt_failed',
      kind: 'refundFailed',
      at: '2026-10-07T00:00:00.000Z',
      refundId: 're_1',
      paymentIntentId: 'pi_1',
      amountCents: 12_000,
    });
    expect(amounts(failed)).toEqual({
      grossCents: 0,
      platformFeeCents: 1_200,
      refundCents: -12_000,
      disputedCents: 0,
      netToCoachCents: 10_800,
    });
    expect(failed).toMatchObject({ id: 'refund_failed:re_1', kind: 'refund_failed', stripe: { refundId: 're_1' } });
  });

  const dispute = (kind: 'disputeOpened' | 'disputeClosed', status = 'needs_response') =>
    follow({
      id: `evt_${kind}_${status}`,
      kind,
      at: '2026-10-08T00:00:00.000Z',
      disputeId: 'dp_1',
      paymentIntentId: 'pi_1',
      chargeId: 'ch_1',
      amountCents: 12_000,
      currency: 'usd',
      fees: [],
      status,
    } as MoneyEvent);

  it('an opened dispute holds the disputed amount', () => {
    expect(dispute('disputeOpened')).toMatchObject({
      kind: 'dispute_opened',
      disputedCents: 12_000,
      id: 'dispute_opened:dp_1',
    });
  });

  it.each([
    ['won', -12_000],
    ['warning_closed', -12_000],
    ['lost', 0],
  ])('a dispute closed as %s gives back %i', (status, disputedCents) => {
    expect(dispute('disputeClosed', status)).toMatchObject({
      kind: 'dispute_closed',
      disputedCents,
      id: 'dispute_closed:dp_1',
    });
  });

  it.each([
    ['won', 'won'],
    ['warning_closed', 'won'],
    ['lost', 'lost'],
  ])("a dispute closed as %s is %s, for its entry as for the coach's transfer", (status, outcome) => {
    expect(disputeOutcomeOf(status)).toBe(outcome);
  });

  it('a dispute lost before the coach was paid takes back the fee and the coach’s share, as a refund does', () => {
    const lost = (coachPaid: boolean) =>
      followUpEntry(
        {
          id: 'evt_lost',
          kind: 'disputeClosed',
          at: '2026-10-09T00:00:00.000Z',
          disputeId: 'dp_1',
          paymentIntentId: 'pi_1',
          chargeId: 'ch_1',
          amountCents: 12_000,
          currency: 'usd',
          fees: [],
          status: 'lost',
        },
        paid,
        { coachPaid },
      );
    expect(amounts(lost(false))).toMatchObject({
      disputedCents: 0,
      platformFeeCents: -1_200,
      netToCoachCents: -10_800,
    });
    // Paid out already: the platform's loss alone, unless the transfer is reversed (its own entry).
    expect(amounts(lost(true))).toMatchObject({ disputedCents: 0, platformFeeCents: 0, netToCoachCents: 0 });
  });

  it('carries the payment’s session, parties, currency and charge', () => {
    expect(dispute('disputeOpened')).toMatchObject({
      ...parties,
      currency: 'usd',
      stripe: { paymentIntentId: 'pi_1', chargeId: 'ch_1', disputeId: 'dp_1' },
    });
  });
});

describe("a dispute's fee", () => {
  const opened = {
    id: 'evt_dp',
    kind: 'disputeOpened' as const,
    at: '2026-10-08T00:00:00.000Z',
    disputeId: 'dp_1',
    paymentIntentId: 'pi_1',
    chargeId: 'ch_1',
    amountCents: 12_000,
    currency: 'usd',
    fees: [{ balanceTransactionId: 'txn_dp', feeCents: 1_500 }],
  };

  it("is the platform's cost, one entry per balance transaction carrying one, named by it", () => {
    expect(disputeFeeEntries(opened, paid)).toEqual([
      expect.objectContaining({
        id: 'dispute_fee:txn_dp',
        kind: 'dispute_fee',
        ...parties,
        processingFeeCents: 1_500,
        platformFeeCents: 0,
        netToCoachCents: 0,
        disputedCents: 0,
        stripe: expect.objectContaining({ disputeId: 'dp_1', chargeId: 'ch_1' }),
      }),
    ]);
    const totals = ledgerTotals([paid, ...disputeFeeEntries(opened, paid)])[0];
    expect(totals?.platformNetCents).toBe(1_200 - 1_500);
  });

  it('given back (a negative fee) is an entry of its own; none when Stripe booked no fee', () => {
    const fees = [
      { balanceTransactionId: 'txn_dp', feeCents: 1_500 },
      { balanceTransactionId: 'txn_dp_won', feeCents: -1_500 },
    ];
    const won = { ...opened, kind: 'disputeClosed' as const, status: 'won', fees };
    expect(disputeFeeEntries(won, paid).map((entry) => [entry.id, entry.processingFeeCents])).toEqual([
      ['dispute_fee:txn_dp', 1_500],
      ['dispute_fee:txn_dp_won', -1_500],
    ]);
    expect(disputeFeeEntries({ ...opened, fees: [] }, paid)).toEqual([]);
  });

  it('of a charge with no payment in the ledger is booked with its dispute, with no parties and nothing of a coach', () => {
    const [dispute, fee] = unmatchedDisputeEntries(opened);
    const none = { sessionId: '', coachId: '', menteeId: '' };
    expect(dispute).toMatchObject({ ...none, kind: 'dispute_opened', disputedCents: 12_000, netToCoachCents: 0 });
    expect(fee).toMatchObject({ ...none, kind: 'dispute_fee', processingFeeCents: 1_500 });
    const lost = unmatchedDisputeEntries({ ...opened, kind: 'disputeClosed', status: 'lost', fees: [] });
    expect(lost).toEqual([
      expect.objectContaining({ kind: 'dispute_closed', disputedCents: 0, platformFeeCents: 0, netToCoachCents: 0 }),
    ]);
  });
});

describe('an event about a charge with no payment in the ledger', () => {
  const created = '2026-10-08T12:00:00.000Z';
  const after = (minutes: number, seconds = 0) => new Date(Date.parse(created) + minutes * 60_000 + seconds * 1_000);

  it('is retried (the webhook fails) up to an hour after Stripe created it, the hour itself included', () => {
    expect(unmatchedForGood({ at: created }, after(0))).toBe(false);
    expect(unmatchedForGood({ at: created }, after(60))).toBe(false);
  });

  it('is taken as none of ours once over an hour old', () => {
    expect(unmatchedForGood({ at: created }, after(60, 1))).toBe(true);
    expect(unmatchedForGood({ at: created }, after(3 * 24 * 60))).toBe(true);
  });

  it('is retried when it is stamped ahead of the clock (a Stripe test clock)', () => {
    expect(unmatchedForGood({ at: created }, after(-90))).toBe(false);
  });
});

describe('totals', () => {
  /** The coach's share of the payment, transferred after delivery. */
  const transfer = transferEntry({
    ...parties,
    at: '2026-10-07T10:00:00.000Z',
    transferId: 'tr_1',
    amountCents: 10_800,
    currency: 'usd',
    paymentIntentId: 'pi_1',
    chargeId: 'ch_1',
  });

  it('sum each amount per currency and count payments as paid sessions', () => {
    const refund = follow(refunded(12_000, 0)) as LedgerEntry;
    const euro = { ...paid, id: 'payment:pi_eur', currency: 'eur' };
    expect(ledgerTotals([paid, refund, euro])).toEqual([
      {
        currency: 'usd',
        paidSessions: 1,
        paidInvoices: 0,
        grossCents: 12_000,
        platformFeeCents: 0,
        refundCents: 12_000,
        disputedCents: 0,
        netToCoachCents: 0,
        transferredCents: 0,
        processingFeeCents: 0,
        platformNetCents: 0,
        transfersCents: 0,
        reversedCents: 0,
        refundRetries: 0,
        refundsGivenUp: 0,
      },
      {
        currency: 'eur',
        paidSessions: 1,
        paidInvoices: 0,
        grossCents: 12_000,
        platformFeeCents: 1_200,
        refundCents: 0,
        disputedCents: 0,
        netToCoachCents: 10_800,
        transferredCents: 0,
        processingFeeCents: 0,
        platformNetCents: 1_200,
        transfersCents: 0,
        reversedCents: 0,
        refundRetries: 0,
        refundsGivenUp: 0,
      },
    ]);
  });

  it("show the platform's true net: its fees less Stripe's processing fees, a refunded payment's fee lost", () => {
    const fee = processingFeeEntry(paid, { at: paid.at, eventId: 'evt_paid', sourceId: 'ch_1', feeCents: 378 });
    const refund = follow(refunded(12_000, 0)) as LedgerEntry;
    expect(ledgerTotals([paid, fee])[0]).toMatchObject({
      platformFeeCents: 1_200,
      processingFeeCents: 378,
      platformNetCents: 822,
    });
    expect(ledgerTotals([paid, fee, refund])[0]).toMatchObject({ platformFeeCents: 0, platformNetCents: -378 });
  });

  it("hold the coach's share until the transfer, which moves it to their account", () => {
    expect(transfer).toMatchObject({
      id: 'transfer:session-1',
      kind: 'transfer',
      transferredCents: 10_800,
      netToCoachCents: 0,
    });
    expect(coachHoldings([paid])).toEqual({ heldCents: 10_800, transferredCents: 0 });
    expect(coachHoldings([paid, transfer])).toEqual({ heldCents: 0, transferredCents: 10_800 });
    expect(coachHoldings([paid, follow(refunded(12_000, 0)) as LedgerEntry])).toEqual({
      heldCents: 0,
      transferredCents: 0,
    });
  });

  it('book a reversal as money no longer transferred nor the coach’s, once per running total', () => {
    const reversed = (reversedCents: number, previouslyReversedCents: number) =>
      transferReversedEntry(
        {
          id: `evt_rev_${reversedCents}`,
          kind: 'transferReversed',
          at: '2026-10-08T10:00:00.000Z',
          transferId: 'tr_1',
          sessionId: 'session-1',
          reversedCents,
          previouslyReversedCents,
        },
        transfer,
      );
    const part = reversed(1_000, 0) as LedgerEntry;
    const rest = reversed(10_800, 1_000) as LedgerEntry;
    expect(part).toMatchObject({
      id: 'transfer_reversed:tr_1:1000',
      kind: 'transfer_reversed',
      transferredCents: -1_000,
      netToCoachCents: -1_000,
      stripe: { eventId: 'evt_rev_1000', transferId: 'tr_1', chargeId: 'ch_1' },
    });
    expect(rest.id).toBe('transfer_reversed:tr_1:10800');
    expect(reversed(10_800, 10_800)).toBeNull();
    expect(coachHoldings([paid, transfer, part, rest])).toEqual({ heldCents: 0, transferredCents: 0 });
    expect(ledgerTotals([paid, transfer, part, rest])[0]).toMatchObject({
      transferredCents: 0,
      transfersCents: 10_800,
      reversedCents: 10_800,
      netToCoachCents: 0,
    });
  });

  it('count refund tries retried and refunds given up', () => {
    const tried = (kind: 'refund_retry' | 'refund_given_up', tryNumber: number) =>
      refundTryEntry({ kind, tryNumber, at: paid.at, parties, paymentIntentId: 'pi_1', requestId: null });
    expect(
      ledgerTotals([paid, tried('refund_retry', 1), tried('refund_retry', 2), tried('refund_given_up', 3)])[0],
    ).toMatchObject({ refundRetries: 2, refundsGivenUp: 1, refundCents: 0 });
  });

  it('of nothing are no totals', () => {
    expect(ledgerTotals([])).toEqual([]);
  });
});

describe('a plan invoice', () => {
  const invoicePaid = subscriptionPaymentEntry(
    { eventId: 'evt_inv', at: '2026-10-05T10:00:00.000Z', invoiceId: 'in_1' },
    captured,
    {
      subscriptionId: 'sub-1',
      coachId: 'coach-1',
      menteeId: 'mentee-1',
      platformFeeCents: 1_200,
    },
  );

  it('is found by the PaymentIntent a refund or dispute names, and keeps its invoice', () => {
    expect(invoicePaid).toMatchObject({ id: 'subscription_payment:pi_1', stripe: { invoiceId: 'in_1' } });
  });

  it("names no session, so its refund or dispute settles no session's refund", () => {
    expect(sessionPaidBy(invoicePaid)).toBeNull();
    expect(sessionPaidBy(paid)).toBe('session-1');
  });

  it('refunded is a plan refund that takes the fee and the coach’s share back, as a session’s refund', () => {
    const entry = followUpEntry(refunded(12_000, 0) as Parameters<typeof followUpEntry>[0], invoicePaid);
    expect(entry).toMatchObject({ kind: 'subscription_refund', sessionId: 'sub-1', refundCents: 12_000 });
    expect(amounts(entry)).toEqual(amounts(follow(refunded(12_000, 0))));
  });

  it('counts as a paid plan month in the totals, not as a paid session; its transfer among the transfers', () => {
    const transfer = transferEntry({
      transferGroup: 'payout.in_1',
      sessionId: 'sub-1',
      coachId: 'coach-1',
      menteeId: 'mentee-1',
      at: '2026-11-01T00:00:05.000Z',
      transferId: 'tr_1',
      amountCents: 10_800,
      currency: 'usd',
      paymentIntentId: 'pi_1',
      chargeId: 'ch_1',
    });
    expect(transfer.id).toBe('transfer:payout.in_1');
    expect(ledgerTotals([invoicePaid, transfer])[0]).toMatchObject({
      paidSessions: 0,
      paidInvoices: 1,
      grossCents: 12_000,
      transfersCents: 10_800,
    });
    expect(coachHoldings([invoicePaid, transfer])).toEqual({ heldCents: 0, transferredCents: 10_800 });
  });
});
