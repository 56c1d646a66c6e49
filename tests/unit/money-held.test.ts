import { describe, expect, it } from 'vitest';
import { DomainError } from '../../functions/domain/errors';
import {
  assertNothingHeld,
  type CoachPlanPayout,
  type CoachPlanSubscription,
  type CoachSession,
  moneyHeld,
  moneyHeldMessage,
  SETTLEMENT_WINDOW_MS,
} from '../../functions/domain/money-held';
import { newRefund } from '../../functions/domain/refunds';

const NOW = new Date('2026-12-01T12:00:00Z');
const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

/** A paid one-hour session ending `endsIn` hours from now: $200, $20 of it the platform's. */
const paid = (endsIn: number, fields: Partial<CoachSession> = {}): CoachSession => ({
  status: 'scheduled',
  start: hoursFromNow(endsIn - 1),
  end: hoursFromNow(endsIn),
  priceCents: 20_000,
  platformFeeCents: 2_000,
  paymentIntentId: 'pi_1',
  ...fields,
});
const free = (endsIn: number, fields: Partial<CoachSession> = {}): CoachSession =>
  paid(endsIn, { priceCents: 0, platformFeeCents: 0, paymentIntentId: null, ...fields });
const plan = (fields: Partial<CoachPlanSubscription> = {}): CoachPlanSubscription => ({
  status: 'active',
  currentPeriodEnd: hoursFromNow(24 * 30),
  cancelAtPeriodEnd: true,
  ...fields,
});
const payout = (fields: Partial<CoachPlanPayout> = {}): CoachPlanPayout => ({
  amountCents: 27_000,
  periodEnd: hoursFromNow(24 * 30),
  ...fields,
});

const held = (sessions: CoachSession[], subscriptions: CoachPlanSubscription[] = [], payouts: CoachPlanPayout[] = []) =>
  moneyHeld({ sessions, subscriptions, payouts }, NOW);

describe('moneyHeld', () => {
  it('holds nothing for a coach without sessions or plans', () => {
    expect(held([])).toEqual([]);
  });

  it('holds nothing for sessions cancelled, refunded in full, or delivered and transferred and past their window', () => {
    const pastWindow = -49;
    expect(
      held([
        paid(48, { status: 'cancelled', refund: { ...newRefund(20_000, NOW), status: 'succeeded' } }),
        free(48, { status: 'cancelled' }),
        paid(pastWindow, { status: 'completed', transferId: 'tr_1' }),
        paid(pastWindow, { status: 'completed', refundId: 're_1' }),
        paid(pastWindow, { status: 'completed', disputeId: 'dp_1', disputeOutcome: 'lost' }),
        free(pastWindow, { status: 'completed' }),
      ]),
    ).toEqual([]);
  });

  it('holds an upcoming paid session until its window ends, with its coach share to be transferred then', () => {
    const session = paid(72);
    const until = new Date(Date.parse(session.end) + SETTLEMENT_WINDOW_MS).toISOString();
    expect(held([session])).toEqual([
      { kind: 'sessions', count: 1, until },
      { kind: 'transfer', amountCents: 18_000, until },
    ]);
  });

  it('holds a checkout not yet paid until its hold lapses, with no money', () => {
    const lapses = hoursFromNow(0.5);
    expect(held([paid(72, { status: 'pending_payment', paymentIntentId: null, paymentExpiresAt: lapses })])).toEqual([
      { kind: 'sessions', count: 1, until: lapses },
    ]);
  });

  it('holds a free consultation that ended within the window, and releases it a minute after', () => {
    const justInside = free(-47, { status: 'completed' });
    expect(held([justInside])).toEqual([{ kind: 'sessions', count: 1, until: hoursFromNow(1) }]);
    expect(held([free(-48 - 1 / 60, { status: 'completed' })])).toEqual([]);
  });

  it('holds a session ended but not yet completed by the clock (a held status past its end)', () => {
    expect(held([free(-1)])).toEqual([{ kind: 'sessions', count: 1, until: hoursFromNow(47) }]);
  });

  it('holds a transferred paid session until its window ends, without money', () => {
    expect(held([paid(-2, { status: 'completed', transferId: 'tr_1' })])).toEqual([
      { kind: 'sessions', count: 1, until: hoursFromNow(46) },
    ]);
  });

  it('keeps a delivered session past its window open while its transfer is owed, with money and no date', () => {
    expect(held([paid(-24 * 9, { status: 'completed' })])).toEqual([
      { kind: 'sessions', count: 1, until: hoursFromNow(-24 * 9 + 48) },
      { kind: 'transfer', amountCents: 18_000, until: null },
    ]);
  });

  it('promises no date for money held by an open dispute', () => {
    expect(held([paid(-2, { status: 'completed', disputeId: 'dp_1' })])).toContainEqual({
      kind: 'transfer',
      amountCents: 18_000,
      until: null,
    });
  });

  it('counts sessions and money together, until the latest', () => {
    expect(held([paid(24), paid(96), free(10)])).toEqual([
      { kind: 'sessions', count: 3, until: hoursFromNow(96 + 48) },
      { kind: 'transfer', amountCents: 36_000, until: hoursFromNow(96 + 48) },
    ]);
  });

  it('holds a refund to a mentee that is still being made', () => {
    expect(held([paid(48, { status: 'cancelled', refund: newRefund(20_000, NOW) })])).toEqual([
      { kind: 'refunds', count: 1 },
    ]);
  });

  it('holds an active or past-due plan month until its period ends, and says whether one renews', () => {
    const later = hoursFromNow(24 * 33);
    expect(held([], [plan(), plan({ status: 'past_due', currentPeriodEnd: later, cancelAtPeriodEnd: false })])).toEqual(
      [{ kind: 'plan_months', count: 2, until: later, renews: true }],
    );
    expect(held([], [plan({ status: 'canceled' }), plan({ status: 'incomplete', currentPeriodEnd: null })])).toEqual(
      [],
    );
  });

  it('holds the refund of a plan’s unused credits until Stripe made it', () => {
    const ended = plan({ status: 'canceled' });
    expect(held([], [{ ...ended, creditRefund: { refundId: null } }])).toEqual([{ kind: 'refunds', count: 1 }]);
    expect(held([], [{ ...ended, creditRefund: { refundId: 're_1' } }])).toEqual([]);
  });

  it("holds a plan invoice's payout until its month ends, and none transferred, refunded or lost to a dispute", () => {
    const ended = plan({ status: 'canceled' });
    expect(held([], [ended], [payout()])).toEqual([
      { kind: 'transfer', amountCents: 27_000, until: hoursFromNow(24 * 30) },
    ]);
    expect(
      held(
        [],
        [ended],
        [
          payout({ transferId: 'tr_2' }),
          payout({ refundId: 're_2' }),
          payout({ disputeId: 'dp_2', disputeOutcome: 'lost' }),
        ],
      ),
    ).toEqual([]);
    expect(held([], [ended], [payout({ periodEnd: hoursFromNow(-24) })])).toEqual([
      { kind: 'transfer', amountCents: 27_000, until: null },
    ]);
  });

  it("holds a partly refunded payout for the coach's share left, and none refunded in full", () => {
    const ended = plan({ status: 'canceled' });
    expect(held([], [ended], [payout({ refundedCoachCents: 9_001 })])).toEqual([
      { kind: 'transfer', amountCents: 17_999, until: hoursFromNow(24 * 30) },
    ]);
    expect(held([], [ended], [payout({ refundedCoachCents: 27_000 })])).toEqual([]);
  });
});

describe('moneyHeldMessage', () => {
  it('says what remains and when it ends, in the coach’s time zone', () => {
    expect(
      moneyHeldMessage(
        [
          { kind: 'sessions', count: 2, until: '2026-12-12T03:00:00Z' },
          { kind: 'plan_months', count: 1, until: '2027-01-03T10:00:00Z', renews: false },
          { kind: 'transfer', amountCents: 18_000, until: '2027-01-03T10:00:00Z' },
        ],
        'America/New_York',
      ),
    ).toBe(
      'Your account cannot be deleted yet: 2 sessions until December 11, 2026; a plan month until January 3, 2027; $180.00 to be transferred to you by January 3, 2027. You can delete your account once these have ended.',
    );
  });

  it('asks the coach to end a plan that renews, and names a refund under way and money owed without a date', () => {
    expect(
      moneyHeldMessage(
        [
          { kind: 'plan_months', count: 3, until: '2027-01-03T10:00:00Z', renews: true },
          { kind: 'transfer', amountCents: 5, until: null },
          { kind: 'refunds', count: 1 },
        ],
        'UTC',
      ),
    ).toBe(
      "Your account cannot be deleted yet: 3 plan months until January 3, 2027; $0.05 to be transferred to you; a refund to a mentee under way. End your mentees' plans on your dashboard (End plan) so they do not renew; you can delete your account once these have ended.",
    );
  });
});

describe('assertNothingHeld', () => {
  it('passes when nothing is held, and throws MONEY_HELD with the items as details otherwise', () => {
    expect(() => assertNothingHeld([], 'UTC')).not.toThrow();
    const items = [{ kind: 'refunds', count: 2 } as const];
    try {
      assertNothingHeld(items, 'UTC');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'MONEY_HELD', details: items });
      expect((error as DomainError).message).toContain('2 refunds to a mentee under way');
    }
  });
});

describe('a session support cancelled', () => {
  const cancelled = (refundCents: number, fields: Partial<CoachSession> = {}) =>
    paid(48, {
      status: 'cancelled',
      supportCancellation: { refundCents, by: 'staff', at: NOW.toISOString() },
      ...fields,
    });

  it('holds the coach’s share of what it did not refund until transferred, with no date promised', () => {
    expect(moneyHeld({ sessions: [cancelled(0)], subscriptions: [], payouts: [] }, NOW)).toEqual([
      { kind: 'transfer', amountCents: 18_000, until: null },
    ]);
    expect(
      moneyHeld({ sessions: [cancelled(0, { transferId: 'tr_1' })], subscriptions: [], payouts: [] }, NOW),
    ).toEqual([]);
  });

  it('holds nothing once refunded in full, but the refund while it is being made', () => {
    const refunding = cancelled(20_000, { refund: newRefund(20_000, NOW) });
    expect(moneyHeld({ sessions: [refunding], subscriptions: [], payouts: [] }, NOW)).toEqual([
      { kind: 'refunds', count: 1 },
    ]);
  });
});
