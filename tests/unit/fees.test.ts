import { describe, expect, it } from 'vitest';
import { MIN_CARD_CHARGE_CENTS } from '../../functions/domain/constants';
import {
  coachNet,
  DEFAULT_FEE_RULE,
  feeRuleFrom,
  type FeeRule,
  isFeeRule,
  minimumPaidPrice,
  platformFee,
  refundPartSplit,
  refundSplit,
} from '../../functions/domain/fees';

/** Stripe's US card fee, 2.9% + 30¢, rounded half up as Stripe rounds it. */
const stripeFee = (priceCents: number) => Math.round(priceCents * 0.029) + 30;

describe('platformFee', () => {
  it('is the share of the price once the share is above the floor', () => {
    expect(platformFee(7_500, DEFAULT_FEE_RULE)).toBe(750);
    expect(platformFee(500, DEFAULT_FEE_RULE)).toBe(50);
  });

  it('is the floor (2.9% rounded up, plus 30¢) when the share would not cover the processing fee', () => {
    expect(platformFee(400, DEFAULT_FEE_RULE)).toBe(42);
    expect(platformFee(MIN_CARD_CHARGE_CENTS, DEFAULT_FEE_RULE)).toBe(32);
  });

  it('changes from the floor to the share where the two meet', () => {
    expect(platformFee(429, DEFAULT_FEE_RULE)).toBe(43); // floor 43, share 43
    expect(platformFee(434, DEFAULT_FEE_RULE)).toBe(43); // floor 43, share 43
    expect(platformFee(435, DEFAULT_FEE_RULE)).toBe(44); // share 43.5 rounds to 44
  });

  it("never keeps less than Stripe's own fee, at any price a session can have", () => {
    for (let price = MIN_CARD_CHARGE_CENTS; price <= 200_000; price += 1) {
      if (platformFee(price, DEFAULT_FEE_RULE) < stripeFee(price)) throw new Error(`loses money at ${price} cents`);
    }
  });

  it('is only the floor when the stage keeps no share', () => {
    expect(platformFee(10_000, { ...DEFAULT_FEE_RULE, percent: 0 })).toBe(320);
  });
});

describe('minimumPaidPrice', () => {
  it("is Stripe's 50¢ minimum charge with the default rule, where the coach still receives 18¢", () => {
    expect(minimumPaidPrice(DEFAULT_FEE_RULE)).toBe(50);
    expect(coachNet(50, DEFAULT_FEE_RULE)).toBe(18);
  });

  it('rises with the floor, to the first price that leaves the coach a cent', () => {
    const rule: FeeRule = { percent: 10, floorPercent: 2.9, floorCents: 100 };
    const minimum = minimumPaidPrice(rule);
    expect(minimum).toBe(105);
    expect(coachNet(minimum, rule)).toBe(1);
    expect(coachNet(minimum - 1, rule)).toBe(0);
  });
});

describe('isFeeRule', () => {
  it.each([
    [DEFAULT_FEE_RULE, true],
    [{ percent: 0, floorPercent: 0, floorCents: 0 }, true],
    [{ percent: 100, floorPercent: 2.9, floorCents: 30 }, false],
    [{ percent: 10, floorPercent: -1, floorCents: 30 }, false],
    [{ percent: 10, floorPercent: 2.9, floorCents: 30.5 }, false],
    [{ percent: Number.NaN, floorPercent: 2.9, floorCents: 30 }, false],
  ])('%o is %s', (rule, usable) => {
    expect(isFeeRule(rule)).toBe(usable);
  });
});

describe('feeRuleFrom', () => {
  it('keeps the default for each part not set (or set empty), and reads the others as numbers', () => {
    const settings: Record<string, string> = { percent: '12', floorPercent: '' };
    expect(feeRuleFrom((part) => settings[part])).toEqual({ ...DEFAULT_FEE_RULE, percent: 12 });
  });

  it('leaves an unusable setting for isFeeRule to refuse', () => {
    expect(isFeeRule(feeRuleFrom((part) => (part === 'floorCents' ? '30.5' : undefined)))).toBe(false);
  });
});

describe('refundSplit', () => {
  const paid = { grossCents: 12_000, platformFeeCents: 1_200 };

  it('a full refund takes back the whole fee and the whole coach share', () => {
    expect(refundSplit(paid, 12_000)).toEqual({ platformFeeCents: 1_200, coachCents: 10_800 });
  });

  it('a partial refund takes the fee back in proportion, rounded half up, the rest from the coach', () => {
    expect(refundSplit(paid, 3_333)).toEqual({ platformFeeCents: 333, coachCents: 3_000 });
    expect(refundSplit(paid, 3_335)).toEqual({ platformFeeCents: 334, coachCents: 3_001 });
  });

  it('nothing refunded, or a free payment, takes nothing', () => {
    expect(refundSplit(paid, 0)).toEqual({ platformFeeCents: 0, coachCents: 0 });
    expect(refundSplit({ grossCents: 0, platformFeeCents: 0 }, 0)).toEqual({ platformFeeCents: 0, coachCents: 0 });
  });

  it('refunds in parts sum to the cent to the split of their total, where rounding each part would not', () => {
    const parts = [
      { previouslyRefundedCents: 0, refundedCents: 5 },
      { previouslyRefundedCents: 5, refundedCents: 10 },
      { previouslyRefundedCents: 10, refundedCents: 15 },
    ].map((refund) => refundPartSplit(paid, refund));
    // 0.5¢ of fee per 5¢: rounded part by part, 3¢ in all; of the running total, the 2¢ of 15¢ (1.5¢ half up).
    expect(parts.map((part) => part.platformFeeCents)).toEqual([1, 0, 1]);
    expect(parts.reduce((sum, part) => sum + part.platformFeeCents, 0)).toBe(refundSplit(paid, 15).platformFeeCents);
    expect(parts.reduce((sum, part) => sum + part.coachCents, 0)).toBe(refundSplit(paid, 15).coachCents);
  });

  it('the rest of a partly refunded payment is the coach share less the refunded part', () => {
    const coachShare = paid.grossCents - paid.platformFeeCents;
    expect(coachShare - refundSplit(paid, 4_000).coachCents).toBe(7_200);
  });
});
