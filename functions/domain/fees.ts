import { MIN_CARD_CHARGE_CENTS } from './constants';

/**
 * What the platform keeps of a paid session: a share of the price, but never less than a floor
 * that covers the card processor's own fee on that price (Stripe: 2.9% + 30¢), so no booking,
 * however small, costs the platform money. Both parts are per stage (CDK context, lib/stack.ts).
 */
export interface FeeRule {
  /** The platform's share, in percent of the price. */
  percent: number;
  /** The floor: the processor's percentage of the price... */
  floorPercent: number;
  /** ...plus its fixed fee per charge, in cents. */
  floorCents: number;
}

export const DEFAULT_FEE_RULE: FeeRule = { percent: 10, floorPercent: 2.9, floorCents: 30 };

/**
 * A stage's fee rule from its settings, each part read by name (CDK context at synth, the
 * function's environment at run time); a part not set keeps the default. Check it with isFeeRule.
 */
export function feeRuleFrom(setting: (part: keyof FeeRule) => string | undefined): FeeRule {
  const part = (name: keyof FeeRule) => {
    const value = setting(name);
    return value === undefined || value === '' ? DEFAULT_FEE_RULE[name] : Number(value);
  };
  return { percent: part('percent'), floorPercent: part('floorPercent'), floorCents: part('floorCents') };
}

/** Rounded up, so the floor covers the processor's fee whichever way it rounds its own. */
export const feeFloor = (priceCents: number, rule: FeeRule): number =>
  Math.ceil((priceCents * rule.floorPercent) / 100) + rule.floorCents;

/** The platform fee of a price: the larger of the share and the floor. */
export const platformFee = (priceCents: number, rule: FeeRule): number =>
  Math.max(Math.round((priceCents * rule.percent) / 100), feeFloor(priceCents, rule));

/** What the coach receives of a paid session: its price less the platform fee. */
export const coachNet = (priceCents: number, rule: FeeRule): number => priceCents - platformFee(priceCents, rule);

/**
 * The smallest price a paid session may have: at least what a card can be charged, and enough
 * that the coach receives something once the fee is kept.
 */
export function minimumPaidPrice(rule: FeeRule): number {
  let price = MIN_CARD_CHARGE_CENTS;
  while (coachNet(price, rule) < 1) price += 1;
  return price;
}

/** A fee rule is usable when its parts are non-negative and the share is a percentage below 100. */
export function isFeeRule(rule: FeeRule): boolean {
  const { percent, floorPercent, floorCents } = rule;
  return (
    [percent, floorPercent, floorCents].every((part) => Number.isFinite(part) && part >= 0) &&
    percent < 100 &&
    floorPercent < 100 &&
    Number.isInteger(floorCents)
  );
}

/** What refunds of a payment took back of each side of its split. */
export interface RefundSplit {
  platformFeeCents: number;
  coachCents: number;
}

/**
 * What refunding `refundedCents` of a payment takes back, whether a session's or a plan invoice's:
 * the platform's fee in proportion to the amount (rounded half up), the rest out of the coach's
 * share. It is taken of the running total refunded (Stripe's `amount_refunded`), so a payment
 * refunded in parts splits to the cent as if refunded at once, and a full refund leaves nothing.
 */
export function refundSplit(
  paid: { grossCents: number; platformFeeCents: number },
  refundedCents: number,
): RefundSplit {
  const platformFeeCents =
    paid.grossCents === 0 ? 0 : Math.round((paid.platformFeeCents * refundedCents) / paid.grossCents);
  return { platformFeeCents, coachCents: refundedCents - platformFeeCents };
}

/** The share of one refund: its running total's split less the split of the total before it. */
export function refundPartSplit(
  paid: { grossCents: number; platformFeeCents: number },
  refund: { refundedCents: number; previouslyRefundedCents: number },
): RefundSplit {
  const after = refundSplit(paid, refund.refundedCents);
  const before = refundSplit(paid, refund.previouslyRefundedCents);
  return {
    platformFeeCents: after.platformFeeCents - before.platformFeeCents,
    coachCents: after.coachCents - before.coachCents,
  };
}
