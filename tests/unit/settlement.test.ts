import { describe, expect, it } from 'vitest';
import { type PaidCheckout, paidAfterStart, settlementMismatch } from '../../functions/domain/settlement';

const session = { checkoutId: 'cs_1', priceCents: 6_000 };
const paid: PaidCheckout = { checkoutId: 'cs_1', paymentIntentId: 'pi_1', amountCents: 6_000, livemode: false };

describe('settlementMismatch', () => {
  it("accepts the session's own checkout, for its price, in the stage's mode", () => {
    expect(settlementMismatch(session, paid, false)).toBeNull();
    expect(settlementMismatch(session, { ...paid, livemode: true }, true)).toBeNull();
  });

  it.each([
    ['another checkout naming the session', { ...paid, checkoutId: 'cs_2' }, false],
    ['a cent less', { ...paid, amountCents: 5_999 }, false],
    ['a cent more', { ...paid, amountCents: 6_001 }, false],
    ['test-mode money on the live stage', paid, true],
    ['live money on a test stage', { ...paid, livemode: true }, false],
  ])('refuses %s', (_edge, payment, liveStage) => {
    expect(settlementMismatch(session, payment, liveStage)).not.toBeNull();
  });

  it('refuses any payment while the session has no checkout recorded', () => {
    expect(settlementMismatch({ ...session, checkoutId: null }, paid, false)).toMatch(/not the session's \(none\)/);
  });
});

describe('paidAfterStart', () => {
  const start = { start: '2026-03-03T10:00:00Z' };

  it('holds a session paid a millisecond before its start', () => {
    expect(paidAfterStart(start, new Date('2026-03-03T09:59:59.999Z'))).toBe(false);
  });

  it('refuses a session paid exactly at its start, though the stored start sorts after `now` as a string', () => {
    expect(paidAfterStart(start, new Date('2026-03-03T10:00:00.000Z'))).toBe(true);
  });

  it('refuses a session paid after its start', () => {
    expect(paidAfterStart(start, new Date('2026-03-03T10:30:00Z'))).toBe(true);
  });
});
