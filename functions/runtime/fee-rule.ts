import { type FeeRule, feeRuleFrom, isFeeRule } from '../domain/fees';

/** The environment variables that carry the stage's fee rule (set by lib/stack.ts, and the local stack). */
export const FEE_RULE_VARIABLES: Record<keyof FeeRule, string> = {
  percent: 'PLATFORM_FEE_PERCENT',
  floorPercent: 'PLATFORM_FEE_FLOOR_PERCENT',
  floorCents: 'PLATFORM_FEE_FLOOR_CENTS',
};

/** The variables that hand a fee rule to the functions. */
export const feeRuleEnvironment = (rule: FeeRule): Record<string, string> =>
  Object.fromEntries(
    Object.entries(FEE_RULE_VARIABLES).map(([part, name]) => [name, String(rule[part as keyof FeeRule])]),
  );

/** The stage's fee rule (domain/fees.ts), set by the stack from its CDK context (lib/stack.ts). */
export function feeRule(): FeeRule {
  const rule = feeRuleFrom((part) => process.env[FEE_RULE_VARIABLES[part]]);
  if (!isFeeRule(rule)) throw new Error(`The platform fee settings are invalid: ${JSON.stringify(rule)}`);
  return rule;
}
