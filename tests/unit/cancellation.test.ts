import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '../../functions/domain/session-status';
import {
  assertCancellable,
  cancelledByOf,
  FREE_CONSULTATION_RETURN_NOTICE_MS,
  freeConsultationReturns,
  givenBackByCancelling,
  supportRefundCents,
} from '../../functions/domain/cancellation';
import { DomainError } from '../../functions/domain/errors';
import { cancelSessionInput } from '../../functions/schemas/session-actions';

const START = '2026-12-01T15:00:00Z';
const session = (status: SessionStatus = 'confirmed') => ({
  coachId: 'coach',
  menteeId: 'mentee',
  status,
  start: START,
});
const codeOf = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
};

describe('cancellation reason', () => {
  it('is required once trimmed, with the spec message', () => {
    expect(JSON.stringify(cancelSessionInput.safeParse({}).error?.issues)).toContain(
      'Please provide a reason for cancelling this session.',
    );
    const parsed = cancelSessionInput.safeParse({ reason: ' \n ' });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('Please provide a reason for cancelling this session.');
  });

  it('is trimmed and limited to 500 characters', () => {
    expect(cancelSessionInput.parse({ reason: '  Sick  ' }).reason).toBe('Sick');
    expect(cancelSessionInput.parse({ reason: 'x'.repeat(500) }).reason).toHaveLength(500);
    expect(cancelSessionInput.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('who may cancel what, and when', () => {
  it('names the cancelling party from the caller', () => {
    expect(cancelledByOf(session(), 'coach')).toBe('coach');
    expect(cancelledByOf(session(), 'mentee')).toBe('mentee');
  });

  it('lets either party cancel a confirmed or scheduled session up to the start', () => {
    const justBefore = new Date(Date.parse(START) - 1000);
    for (const status of ['confirmed', 'scheduled'] as const) {
      expect(codeOf(() => assertCancellable(session(status), 'mentee', justBefore))).toBeNull();
      expect(codeOf(() => assertCancellable(session(status), 'coach', justBefore))).toBeNull();
    }
  });

  it('never blocks a mentee for lead time: the window is 0 hours (spec section 9)', () => {
    expect(codeOf(() => assertCancellable(session(), 'mentee', new Date(Date.parse(START) - 1)))).toBeNull();
  });

  it('refuses from the start on (live or over), each with its own code', () => {
    expect(codeOf(() => assertCancellable(session(), 'coach', new Date(START)))).toBe('SESSION_STARTED');
    expect(codeOf(() => assertCancellable(session(), 'mentee', new Date('2026-12-02T00:00:00Z')))).toBe(
      'SESSION_STARTED',
    );
  });

  it('refuses cancelled, completed and pending_payment sessions', () => {
    const early = new Date('2026-11-01T00:00:00Z');
    expect(() => assertCancellable(session('cancelled'), 'mentee', early)).toThrow('already cancelled');
    expect(codeOf(() => assertCancellable(session('completed'), 'mentee', early))).toBe('SESSION_OVER');
    expect(codeOf(() => assertCancellable(session('pending_payment'), 'mentee', early))).toBe('AWAITING_PAYMENT');
  });
});

describe('a cancelled free consultation', () => {
  const session = { start: '2026-06-02T15:00:00Z' };
  const before = (ms: number) => new Date(Date.parse(session.start) - ms);

  it('comes back to a mentee who cancels more than 24 hours ahead, not at 24 hours exactly', () => {
    expect(freeConsultationReturns(session, 'mentee', before(FREE_CONSULTATION_RETURN_NOTICE_MS + 1))).toBe(true);
    expect(freeConsultationReturns(session, 'mentee', before(FREE_CONSULTATION_RETURN_NOTICE_MS))).toBe(false);
    expect(freeConsultationReturns(session, 'mentee', before(60_000))).toBe(false);
  });

  it('always comes back when the mentor or the system cancels', () => {
    expect(freeConsultationReturns(session, 'coach', before(60_000))).toBe(true);
    expect(freeConsultationReturns(session, 'system', before(60_000))).toBe(true);
  });
});

describe('what a cancellation gives back', () => {
  const start = '2026-03-12T12:00:00Z';
  const dayAhead = new Date('2026-03-11T12:00:00Z');
  const moreThanADayAhead = new Date('2026-03-11T11:59:59Z');
  const paid = { start, isFreeConsultation: false };
  const free = { start, isFreeConsultation: true };
  const planSession = {
    start,
    isFreeConsultation: false,
    paidBy: 'plan' as const,
    subscriptionId: 'sub-1',
    creditPeriodEnd: '2026-04-01T00:00:00.000Z',
  };
  const credits = { invoiceId: 'in_1', periodEnd: '2026-04-01T00:00:00.000Z', granted: 2, used: 1 };

  it('is nothing for a paid session', () => {
    expect(givenBackByCancelling(paid, 'coach', null, moreThanADayAhead)).toEqual({
      freeConsultation: false,
      planCredit: null,
    });
  });

  it('is the free consultation when the mentee cancels more than 24 hours ahead, not at exactly 24', () => {
    expect(givenBackByCancelling(free, 'mentee', null, moreThanADayAhead).freeConsultation).toBe(true);
    expect(givenBackByCancelling(free, 'mentee', null, dayAhead).freeConsultation).toBe(false);
  });

  it('is the free consultation whenever the mentor or the system cancels', () => {
    expect(givenBackByCancelling(free, 'coach', null, dayAhead).freeConsultation).toBe(true);
    expect(givenBackByCancelling(free, 'system', null, dayAhead).freeConsultation).toBe(true);
  });

  it('is a plan credit, to the period it was spent from, for a cancel more than 24 hours ahead', () => {
    expect(givenBackByCancelling(planSession, 'mentee', credits, moreThanADayAhead)).toEqual({
      freeConsultation: false,
      planCredit: { subscriptionId: 'sub-1', periodEnd: '2026-04-01T00:00:00.000Z' },
    });
    expect(givenBackByCancelling(planSession, 'mentee', credits, dayAhead).planCredit).toBeNull();
  });

  it('is the plan credit whenever the mentor or the system cancels, however late', () => {
    const givenBack = { subscriptionId: 'sub-1', periodEnd: '2026-04-01T00:00:00.000Z' };
    expect(givenBackByCancelling(planSession, 'coach', credits, dayAhead).planCredit).toEqual(givenBack);
    expect(givenBackByCancelling(planSession, 'system', credits, dayAhead).planCredit).toEqual(givenBack);
  });

  it('is no plan credit once the plan moved to a new period, or when its subscription is gone', () => {
    const newPeriod = { ...credits, invoiceId: 'in_2', periodEnd: '2026-05-01T00:00:00.000Z', used: 0 };
    expect(givenBackByCancelling(planSession, 'mentee', newPeriod, moreThanADayAhead).planCredit).toBeNull();
    expect(givenBackByCancelling(planSession, 'mentee', null, moreThanADayAhead).planCredit).toBeNull();
  });

  it('is no plan credit for a session that names no credit period', () => {
    const { creditPeriodEnd: _, ...withoutPeriod } = planSession;
    expect(givenBackByCancelling(withoutPeriod, 'mentee', credits, moreThanADayAhead).planCredit).toBeNull();
  });
});

describe('what support’s cancellation refunds', () => {
  const paid = { priceCents: 12_000, paymentIntentId: 'pi_1', refund: null, refundId: null };
  const unpaid = { ...paid, priceCents: 0, paymentIntentId: null };

  it('refunds all that was paid, nothing, or a part of it up to the price (the price itself included)', () => {
    expect(supportRefundCents(paid, 'full')).toBe(12_000);
    expect(supportRefundCents(paid, 'none')).toBe(0);
    expect(supportRefundCents(paid, { amountCents: 1 })).toBe(1);
    expect(supportRefundCents(paid, { amountCents: 12_000 })).toBe(12_000);
  });

  it('refuses a cent above the price, and any refund of a session not paid by card or refunded already', () => {
    expect(codeOf(() => supportRefundCents(paid, { amountCents: 12_001 }))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => supportRefundCents(unpaid, 'full'))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => supportRefundCents(unpaid, { amountCents: 100 }))).toBe('VALIDATION_FAILED');
    expect(codeOf(() => supportRefundCents({ ...paid, refundId: 're_1' }, 'full'))).toBe('VALIDATION_FAILED');
    expect(supportRefundCents(unpaid, 'none')).toBe(0);
  });
});
