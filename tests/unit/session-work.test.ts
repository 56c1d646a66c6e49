import { describe, expect, it } from 'vitest';
import { workOf } from '../../functions/workflows/booking/session-work';

const base = { id: 's1', paymentExpiresAt: '2026-12-01T10:30:00Z' };

describe('the work a committed session write leaves to do', () => {
  it('finishes a booking confirmed or paid by this write, and only then', () => {
    expect(workOf(undefined, { ...base, status: 'confirmed' })).toEqual([{ job: 'finishBooking', sessionId: 's1' }]);
    expect(workOf({ ...base, status: 'pending_payment' }, { ...base, status: 'scheduled' })).toEqual([
      { job: 'finishBooking', sessionId: 's1' },
    ]);
    // A follow-up marked done, or any later write of a held session, starts nothing again.
    expect(workOf({ ...base, status: 'scheduled' }, { ...base, status: 'scheduled' })).toEqual([]);
  });

  it('follows up a move of a held session, once per move', () => {
    const moved = { ...base, status: 'confirmed' as const, rescheduleCount: 1 };
    expect(workOf({ ...base, status: 'confirmed' }, moved)).toEqual([{ job: 'finishBooking', sessionId: 's1' }]);
    expect(workOf(moved, { ...moved, rescheduleCount: 2 })).toEqual([{ job: 'finishBooking', sessionId: 's1' }]);
    expect(workOf(moved, { ...moved })).toEqual([]);
  });

  it('schedules the expiry of a new booking awaiting payment', () => {
    expect(workOf(undefined, { ...base, status: 'pending_payment' })).toEqual([
      { job: 'expirePendingPayment', sessionId: 's1', at: new Date(base.paymentExpiresAt) },
    ]);
  });

  it('starts a refund when the write requested it', () => {
    const refund = { status: 'requested' as const, amountCents: 100, failedAttempts: 0, requestedAt: 'x' };
    expect(workOf({ ...base, status: 'scheduled' }, { ...base, status: 'cancelled', refund })).toEqual([
      { job: 'refundSession', sessionId: 's1' },
    ]);
    expect(
      workOf(
        { ...base, status: 'cancelled', refund },
        { ...base, status: 'cancelled', refund: { ...refund, failedAttempts: 1 } },
      ),
    ).toEqual([]);
    expect(workOf({ ...base, status: 'scheduled' }, { ...base, status: 'cancelled' })).toEqual([]);
  });

  // The stream is the only starter of this work: a payment's own write must start all of it.
  describe('after a payment', () => {
    const refund = { status: 'requested' as const, amountCents: 100, failedAttempts: 0, requestedAt: 'x' };

    it('that lost its time to another booking refunds it and follows up nothing', () => {
      expect(workOf({ ...base, status: 'pending_payment' }, { ...base, status: 'cancelled', refund })).toEqual([
        { job: 'refundSession', sessionId: 's1' },
      ]);
    });

    it('that arrived after the session expired refunds it when its refund is requested, not when it expired', () => {
      expect(workOf({ ...base, status: 'pending_payment' }, { ...base, status: 'cancelled' })).toEqual([]);
      expect(workOf({ ...base, status: 'cancelled' }, { ...base, status: 'cancelled', refund })).toEqual([
        { job: 'refundSession', sessionId: 's1' },
      ]);
    });
  });
});

describe('the work a plan payout leaves to do', () => {
  const payout = {
    id: 'payout.in_1',
    invoiceId: 'in_1',
    subscriptionId: 'sub-1',
    coachId: 'coach-1',
    menteeId: 'mentee-1',
    amountCents: 26_700,
    periodEnd: '2026-11-01T00:00:00.000Z',
    createdAt: '2026-10-01T00:00:00.000Z',
  };

  it("is its transfer on the completion job at the month's end, once: when it is written, not when it changes", () => {
    expect(workOf(undefined, payout)).toEqual([
      { job: 'completeSession', sessionId: 'payout.in_1', at: new Date('2026-11-01T00:00:00.000Z') },
    ]);
    expect(workOf(payout, { ...payout, transferId: 'tr_1' })).toEqual([]);
  });
});
