import { describe, expect, it } from 'vitest';
import { DomainError } from '../../functions/domain/errors';
import {
  applySubscriptionFacts,
  assertPlanBooking,
  type Credits,
  creditReturns,
  creditsForInvoice,
  creditsLeft,
  invoiceEndedBy,
  invoiceOfPlanPayout,
  isPlanPayoutId,
  planPayoutDueCents,
  planPayoutId,
  planPeriodEnded,
  planEndingEmail,
  planSummary,
  type SubscriptionState,
  subscriptionStatusOf,
  unusedCreditsRefund,
} from '../../functions/domain/plans';
import { planInput } from '../../functions/schemas/plans';

const PLAN = { monthlyPriceCents: 30_000, sessionsPerMonth: 2, sessionMinutes: 60, description: 'Calls', active: true };
const NOW = new Date('2026-03-10T12:00:00Z');
const fresh: SubscriptionState = {
  status: 'incomplete',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  stateAt: null,
};
const credits = (fields: Partial<Credits> = {}): Credits => ({
  invoiceId: 'in_1',
  periodEnd: '2026-04-01T00:00:00.000Z',
  granted: 2,
  used: 0,
  ...fields,
});

const codeOf = (run: () => void) => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
};

describe('a plan', () => {
  it.each([
    [{}, true],
    [{ sessionsPerMonth: 1 }, true],
    [{ sessionsPerMonth: 4 }, true],
    [{ sessionsPerMonth: 0 }, false],
    [{ sessionsPerMonth: 5 }, false],
    [{ sessionMinutes: 30 }, true],
    [{ sessionMinutes: 15 }, false],
    [{ monthlyPriceCents: 30_050 }, false],
    [{ monthlyPriceCents: 900 }, false],
    [{ monthlyPriceCents: 1_000 }, true],
    [{ description: 'x'.repeat(500) }, true],
    [{ description: 'x'.repeat(501) }, false],
  ])('%j is valid: %s', (change, valid) => {
    expect(planInput.safeParse({ ...PLAN, ...change }).success).toBe(valid);
  });

  it('reads as the coach page shows it', () => {
    expect(planSummary(PLAN as never)).toBe('Monthly mentorship: 2 × 60 min a month, $300/month');
  });
});

describe('subscription state from events in any order', () => {
  const active = {
    at: '2026-03-01T00:00:01.000Z',
    status: 'active' as const,
    currentPeriodEnd: '2026-04-01T00:00:00.000Z',
  };

  it('maps Stripe statuses: a trial is active, unpaid is past due, an unpaid first invoice is canceled', () => {
    expect(
      ['trialing', 'active', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired', 'canceled'].map(
        subscriptionStatusOf,
      ),
    ).toEqual(['active', 'active', 'past_due', 'past_due', 'incomplete', 'canceled', 'canceled']);
  });

  it('takes a newer event and ignores an older one', () => {
    const first = applySubscriptionFacts(fresh, active) as SubscriptionState;
    expect(first).toMatchObject({ status: 'active', stateAt: active.at });
    const pastDue = applySubscriptionFacts(first, { at: '2026-04-01T00:00:05.000Z', status: 'past_due' });
    expect(pastDue).toMatchObject({ status: 'past_due', currentPeriodEnd: active.currentPeriodEnd });
    expect(applySubscriptionFacts(pastDue as SubscriptionState, active)).toBeNull();
  });

  it('applies an event of the same second as the state (Stripe sends several per change)', () => {
    const first = applySubscriptionFacts(fresh, active) as SubscriptionState;
    expect(applySubscriptionFacts(first, { ...active, cancelAtPeriodEnd: true })).toMatchObject({
      cancelAtPeriodEnd: true,
    });
  });

  it('keeps canceled final, even when the deletion was delivered before older updates', () => {
    const canceled = applySubscriptionFacts(fresh, {
      at: '2026-05-01T00:00:00.000Z',
      status: 'canceled',
    }) as SubscriptionState;
    expect(applySubscriptionFacts(canceled, active)).toBeNull();
    const live = applySubscriptionFacts(fresh, { ...active, at: '2026-06-01T00:00:00.000Z' }) as SubscriptionState;
    expect(applySubscriptionFacts(live, { at: '2026-05-01T00:00:00.000Z', status: 'canceled' })).toMatchObject({
      status: 'canceled',
    });
  });

  it('never moves the period back for an older invoice', () => {
    const later = applySubscriptionFacts(fresh, {
      ...active,
      currentPeriodEnd: '2026-05-01T00:00:00.000Z',
    }) as SubscriptionState;
    expect(applySubscriptionFacts(later, { ...active, at: '2026-03-01T00:00:02.000Z' })).toMatchObject({
      currentPeriodEnd: '2026-05-01T00:00:00.000Z',
    });
  });
});

describe('credits', () => {
  it('are granted once per invoice, and a newer period replaces the unused ones', () => {
    const granted = creditsForInvoice(null, { invoiceId: 'in_1', periodEnd: '2026-04-01T00:00:00.000Z' }, 2);
    expect(granted).toEqual(credits());
    expect(
      creditsForInvoice(credits({ used: 1 }), { invoiceId: 'in_1', periodEnd: '2026-04-01T00:00:00.000Z' }, 2),
    ).toBeNull();
    expect(
      creditsForInvoice(credits({ used: 1 }), { invoiceId: 'in_2', periodEnd: '2026-05-01T00:00:00.000Z' }, 2),
    ).toEqual(credits({ invoiceId: 'in_2', periodEnd: '2026-05-01T00:00:00.000Z' }));
  });

  it('ignore an invoice for an older period delivered late', () => {
    const current = credits({ invoiceId: 'in_2', periodEnd: '2026-05-01T00:00:00.000Z' });
    expect(creditsForInvoice(current, { invoiceId: 'in_1', periodEnd: '2026-04-01T00:00:00.000Z' }, 2)).toBeNull();
  });

  it('expire at the end of their period, to the millisecond', () => {
    expect(creditsLeft(credits({ used: 1 }), new Date('2026-03-31T23:59:59.999Z'))).toBe(1);
    expect(creditsLeft(credits({ used: 1 }), new Date('2026-04-01T00:00:00.000Z'))).toBe(0);
    expect(creditsLeft(null, NOW)).toBe(0);
  });

  it('come back for a mentee’s cancel more than 24 hours ahead, not at exactly 24, nor from a lapsed period', () => {
    const session = { start: '2026-03-12T12:00:00Z', creditPeriodEnd: '2026-04-01T00:00:00.000Z' };
    const used = credits({ used: 1 });
    expect(creditReturns(session, 'mentee', used, new Date('2026-03-11T11:59:59Z'))).toBe(true);
    expect(creditReturns(session, 'mentee', used, new Date('2026-03-11T12:00:00Z'))).toBe(false);
    const lapsed = credits({ used: 1, periodEnd: '2026-05-01T00:00:00.000Z' });
    expect(creditReturns(session, 'mentee', lapsed, NOW)).toBe(false);
    expect(creditReturns({ start: session.start }, 'mentee', used, NOW)).toBe(false);
  });

  it('come back for the coach’s or the system’s cancel at any time, but not from a lapsed period', () => {
    const session = { start: '2026-03-12T12:00:00Z', creditPeriodEnd: '2026-04-01T00:00:00.000Z' };
    const used = credits({ used: 1 });
    expect(creditReturns(session, 'coach', used, new Date('2026-03-12T11:00:00Z'))).toBe(true);
    expect(creditReturns(session, 'system', used, new Date('2026-03-12T11:00:00Z'))).toBe(true);
    expect(creditReturns(session, 'coach', credits({ used: 1, periodEnd: '2026-05-01T00:00:00.000Z' }), NOW)).toBe(
      false,
    );
  });
});

describe('booking with a plan', () => {
  const subscription = {
    ...fresh,
    status: 'active' as const,
    menteeId: 'mentee',
    coachId: 'coach',
    sessionMinutes: 60,
    credits: credits(),
  };
  const booking = { menteeId: 'mentee', coachId: 'coach', durationMinutes: 60 };

  it('is allowed with a credit left, and says why not otherwise', () => {
    expect(codeOf(() => assertPlanBooking(subscription, booking, NOW))).toBeNull();
    expect(codeOf(() => assertPlanBooking(subscription, { ...booking, durationMinutes: 30 }, NOW))).toBe(
      'VALIDATION_FAILED',
    );
    expect(codeOf(() => assertPlanBooking({ ...subscription, status: 'past_due' }, booking, NOW))).toBe(
      'SUBSCRIPTION_PAST_DUE',
    );
    expect(codeOf(() => assertPlanBooking({ ...subscription, credits: credits({ used: 2 }) }, booking, NOW))).toBe(
      'NO_CREDITS',
    );
    expect(codeOf(() => assertPlanBooking({ ...subscription, status: 'canceled' }, booking, NOW))).toBe('NO_CREDITS');
    expect(codeOf(() => assertPlanBooking(subscription, { ...booking, coachId: 'other' }, NOW))).toBe('NOT_FOUND');
  });
});

describe("the coach's payout of a plan invoice", () => {
  const periodEnd = '2026-11-01T00:00:00.000Z';
  const before = new Date('2026-10-31T23:59:59.999Z');

  it('is due at the end of the month it paid for exactly, not a millisecond before', () => {
    expect(planPeriodEnded(periodEnd, { stateAt: null }, before)).toBe(false);
    expect(planPeriodEnded(periodEnd, { stateAt: null }, new Date(periodEnd))).toBe(true);
  });

  it("is due early by the job's clock once Stripe spoke of the subscription as of the month's end (its renewal)", () => {
    expect(planPeriodEnded(periodEnd, { stateAt: periodEnd }, before)).toBe(true);
    expect(planPeriodEnded(periodEnd, { stateAt: '2026-10-31T23:59:59.000Z' }, before)).toBe(false);
  });

  it("transfers the coach's share less what refunds took of it, nothing once refunded in full", () => {
    expect(planPayoutDueCents({ amountCents: 10_800 })).toBe(10_800);
    expect(planPayoutDueCents({ amountCents: 10_800, refundedCoachCents: 3_600 })).toBe(7_200);
    expect(planPayoutDueCents({ amountCents: 10_800, refundedCoachCents: 10_800 })).toBe(0);
  });

  it('transfers nothing for a refund recorded by its id alone, as refunds were before they carried amounts', () => {
    expect(planPayoutDueCents({ amountCents: 10_800, refundId: 're_1' })).toBe(0);
    expect(planPayoutDueCents({ amountCents: 10_800, refundId: 're_1', refundedCoachCents: 3_600 })).toBe(7_200);
  });

  it("is named by its invoice, and told apart from a session's id", () => {
    const id = planPayoutId('in_1Abc');
    expect(isPlanPayoutId(id)).toBe(true);
    expect(invoiceOfPlanPayout(id)).toBe('in_1Abc');
    expect(isPlanPayoutId('0b9a3c5e-3c1f-4e8e-9a57-7f5a3c1e2d4b')).toBe(false);
  });

  it('is started by an event as of the credited month’s end or later, not by one inside it or with no credits', () => {
    const credits: Credits = { invoiceId: 'in_1', periodEnd, granted: 2, used: 0 };
    expect(invoiceEndedBy(credits, periodEnd)).toBe('in_1');
    expect(invoiceEndedBy(credits, '2026-10-31T23:59:59.000Z')).toBeNull();
    expect(invoiceEndedBy(null, periodEnd)).toBeNull();
  });
});

describe('a plan the coach ends', () => {
  it('refunds each unused credit of the running month as its share of the invoice', () => {
    expect(unusedCreditsRefund(credits({ granted: 2, used: 1 }), 30_000, NOW)).toEqual({
      credits: 1,
      amountCents: 15_000,
    });
    expect(unusedCreditsRefund(credits({ granted: 2, used: 0 }), 30_000, NOW)).toEqual({
      credits: 2,
      amountCents: 30_000,
    });
  });

  it('rounds a share that is not whole cents down, so the refunds never add up to more than was paid', () => {
    expect(unusedCreditsRefund(credits({ granted: 3, used: 1 }), 10_000, NOW)).toEqual({
      credits: 2,
      amountCents: 6_666,
    });
    expect(unusedCreditsRefund(credits({ granted: 3, used: 2 }), 10_000, NOW)).toEqual({
      credits: 1,
      amountCents: 3_333,
    });
  });

  it('refunds nothing when every credit is used, the month is over, or none were granted', () => {
    expect(unusedCreditsRefund(credits({ granted: 2, used: 2 }), 30_000, NOW)).toBeNull();
    expect(unusedCreditsRefund(credits({ periodEnd: NOW.toISOString() }), 30_000, NOW)).toBeNull();
    expect(unusedCreditsRefund(null, 30_000, NOW)).toBeNull();
  });

  it("tells the mentee what is refunded, or that the month's sessions stay when none is", () => {
    const letter = { to: 'm@example.test', coachName: 'Dr Casey Coach, MD', periodEnd: '2026-04-01T00:00:00.000Z' };
    expect(planEndingEmail({ ...letter, refund: { credits: 2, amountCents: 30_000 } }).text).toBe(
      'Dr Casey Coach, MD has ended your monthly mentorship plan.\n\nSessions you have booked take place as planned. The 2 sessions you had left this month are refunded: $300.00 to your card. The plan ends on Wed, 01 Apr 2026 and will not renew.\n',
    );
    expect(planEndingEmail({ ...letter, refund: null }).text).toContain(
      'It stays active, with the sessions left this month, until Wed, 01 Apr 2026, and will not renew.',
    );
  });
});
