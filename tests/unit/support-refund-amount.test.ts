import { describe, expect, it } from 'vitest';
import { dollarsToCents, refundAmountProblem } from '@/features/support/format';

describe("the support console's refund typed in dollars", () => {
  it('reads whole dollars, one or two decimals and a leading $ as cents, and nothing else', () => {
    expect(dollarsToCents('20')).toBe(2000);
    expect(dollarsToCents(' 20.5 ')).toBe(2050);
    expect(dollarsToCents('$15.50')).toBe(1550);
    expect(dollarsToCents('0.07')).toBe(7);
    for (const typed of ['', '20.505', '-5', '1,000', '2e3', 'abc', '.5']) expect(dollarsToCents(typed)).toBeNaN();
  });

  it('takes a cent up to everything left to refund, and refuses nothing, more, or what is not an amount', () => {
    expect(refundAmountProblem('0.01', 4500)).toBeUndefined();
    expect(refundAmountProblem('45.00', 4500)).toBeUndefined();
    expect(refundAmountProblem('45.01', 4500)).toBe('Refund at most $45.00.');
    expect(refundAmountProblem('0', 4500)).toBe('Refund at least $0.01.');
    expect(refundAmountProblem('twenty', 4500)).toBe('Enter an amount in dollars, like 20.00.');
  });

  it("keeps a split's refund below the whole price: refunding all of it is 'Refund the mentee'", () => {
    expect(refundAmountProblem('44.99', 4500, true)).toBeUndefined();
    expect(refundAmountProblem('45', 4500, true)).toBe('A split refunds less than the whole $45.00.');
  });
});
