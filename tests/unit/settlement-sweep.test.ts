import { describe, expect, it } from 'vitest';
import { owedTooLong, sweepStepOf } from '../../functions/domain/settlement-sweep';

const end = '2026-03-03T10:00:00Z';
const paid = {
  status: 'completed' as const,
  start: '2026-03-03T09:00:00Z',
  end,
  priceCents: 12_000,
  platformFeeCents: 1_800,
  isFreeConsultation: false,
  paymentIntentId: 'pi_1',
};
const at = (iso: string) => new Date(iso);

describe('sweepStepOf', () => {
  it('pays the coach the share a support cancellation left them until transferred, and closes a full refund', () => {
    const cancelled = (refundCents: number) => ({
      ...paid,
      status: 'cancelled' as const,
      supportCancellation: { refundCents, by: 'staff', at: end },
      ...(refundCents > 0 ? { refundId: 're_1' } : {}),
    });
    const later = at('2026-03-04T00:00:00Z');
    expect(sweepStepOf(cancelled(0), later)).toEqual({ step: 'pay_coach' });
    expect(sweepStepOf(cancelled(4_000), later)).toEqual({ step: 'pay_coach' });
    expect(sweepStepOf({ ...cancelled(4_000), transferId: 'tr_1' }, later)).toEqual({ step: 'close' });
    expect(sweepStepOf(cancelled(12_000), later)).toEqual({ step: 'close' });
  });

  it('waits on a pending outcome while its 48-hour window is open (its edge included), then settles it', () => {
    expect(sweepStepOf(paid, at('2026-03-05T10:00:00Z'))).toEqual({ step: 'wait' });
    expect(sweepStepOf(paid, at('2026-03-05T10:00:01Z'))).toEqual({ step: 'settle_outcome' });
  });

  it('pays the coach of an outcome that pays them, in its window or after', () => {
    for (const now of [at('2026-03-03T11:00:00Z'), at('2026-03-06T00:00:00Z')]) {
      expect(sweepStepOf({ ...paid, outcome: 'delivered' }, now)).toEqual({ step: 'pay_coach' });
      expect(sweepStepOf({ ...paid, outcome: 'mentee_no_show' }, now)).toEqual({ step: 'pay_coach' });
    }
  });

  it('leaves a disputed outcome to support however late, never paying it nor calling it stuck, until resolved', () => {
    const disputed = { ...paid, outcome: 'disputed' as const };
    expect(sweepStepOf(disputed, at('2026-03-03T11:00:00Z'))).toEqual({ step: 'support' });
    expect(sweepStepOf(disputed, at('2026-03-20T00:00:00Z'))).toEqual({ step: 'support' });
    const resolved = (resolution: 'pay_coach' | 'split') => ({
      ...disputed,
      resolution: { resolution, refundCents: 6_000, note: 'Checked', by: 'staff', at: end },
    });
    expect(sweepStepOf(resolved('pay_coach'), at('2026-03-20T00:00:00Z'))).toEqual({ step: 'pay_coach' });
    expect(sweepStepOf(resolved('split'), at('2026-03-20T00:00:00Z'))).toEqual({ step: 'pay_coach' });
  });

  it('calls an outcome that refunds the mentee stuck without its refund, and closes it with one', () => {
    const now = at('2026-03-06T00:00:00Z');
    expect(sweepStepOf({ ...paid, outcome: 'mentor_no_show' }, now)).toMatchObject({ step: 'stuck' });
    expect(sweepStepOf({ ...paid, outcome: 'mentor_no_show', refundId: 're_1' }, now)).toEqual({ step: 'close' });
  });

  it('closes one transferred, refunded, or held by an open or lost dispute; pays one whose dispute was won', () => {
    const late = at('2026-03-06T00:00:00Z');
    expect(sweepStepOf({ ...paid, transferId: 'tr_1' }, late)).toEqual({ step: 'close' });
    expect(sweepStepOf({ ...paid, refundId: 're_1' }, late)).toEqual({ step: 'close' });
    expect(sweepStepOf({ ...paid, disputeId: 'dp_1' }, late)).toEqual({ step: 'close' });
    expect(sweepStepOf({ ...paid, disputeId: 'dp_1', disputeOutcome: 'lost' }, late)).toEqual({ step: 'close' });
    expect(sweepStepOf({ ...paid, disputeId: 'dp_1', disputeOutcome: 'won' }, late)).toEqual({
      step: 'settle_outcome',
    });
  });

  it('closes a completed free consultation or plan session at once: no money of its own', () => {
    const now = at('2026-03-03T11:00:00Z');
    expect(sweepStepOf({ ...paid, isFreeConsultation: true, priceCents: 0, paymentIntentId: null }, now)).toEqual({
      step: 'close',
    });
    expect(sweepStepOf({ ...paid, paidBy: 'plan', priceCents: 0, paymentIntentId: null }, now)).toEqual({
      step: 'close',
    });
  });

  it('expires a payment still pending after the end, and completes a session still held', () => {
    const now = at('2026-03-03T11:00:00Z');
    expect(sweepStepOf({ ...paid, status: 'pending_payment', paymentIntentId: null }, now)).toEqual({
      step: 'expire_payment',
    });
    expect(sweepStepOf({ ...paid, status: 'scheduled' }, now)).toEqual({ step: 'complete' });
    expect(sweepStepOf({ ...paid, status: 'confirmed', isFreeConsultation: true }, now)).toEqual({ step: 'complete' });
  });

  it('calls a cancelled session with a payment and no refund stuck, and closes any other cancelled one', () => {
    const now = at('2026-03-03T11:00:00Z');
    expect(sweepStepOf({ ...paid, status: 'cancelled' }, now)).toMatchObject({ step: 'stuck' });
    const refund = { status: 'requested' as const, amountCents: 12_000, failedAttempts: 0, requestedAt: end };
    expect(sweepStepOf({ ...paid, status: 'cancelled', refund }, now)).toEqual({ step: 'close' });
    expect(sweepStepOf({ ...paid, status: 'cancelled', paymentIntentId: null }, now)).toEqual({ step: 'close' });
  });
});

describe('owedTooLong', () => {
  it('is a week to the second', () => {
    expect(owedTooLong({ since: '2026-03-01T00:00:00Z' }, at('2026-03-07T23:59:59Z'))).toBe(false);
    expect(owedTooLong({ since: '2026-03-01T00:00:00Z' }, at('2026-03-08T00:00:00Z'))).toBe(true);
  });
});
