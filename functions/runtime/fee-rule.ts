import { DEFAULT_FEE_RULE, type FeeRule, isFeeRule } from '../domain/fees';

const configured = (variable: string, fallback: number) => {
  const value = process.env[variable];
  return value ? Number(value) : fallback;
};

/** The stage's fee rule (domain/fees.ts), set by the stack from its CDK context (lib/stack.ts). */
export function feeRule(): FeeRule {
  const rule = {
    percent: configured('PLATFORM_FEE_PERCENT', DEFAULT_FEE_RULE.percent),
    floorPercent: configured('PLATFORM_FEE_FLOOR_PERCENT', DEFAULT_FEE_RULE.floorPercent),
    floorCents: configured('PLATFORM_FEE_FLOOR_CENTS', DEFAULT_FEE_RULE.floorCents),
  };
  if (!isFeeRule(rule)) throw new Error(`The platform fee settings are invalid: ${JSON.stringify(rule)}`);
  return rule;
}
