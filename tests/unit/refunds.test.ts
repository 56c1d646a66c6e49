import { describe, expect, it } from 'vitest';
import {
  isDisputedRefusal,
  nextRefundTry,
  REFUND_MAX_ATTEMPTS,
  REFUND_RETRY_DELAYS_MINUTES,
} from '../../functions/domain/refunds';

const NOW = new Date('2026-12-01T10:00:00Z');
const minutesAfter = (date: Date | null) => (date ? (date.getTime() - NOW.getTime()) / 60_000 : null);

describe('the refund retries', () => {
  it('make at least 5 tries over about an hour, waiting longer each time', () => {
    expect(REFUND_MAX_ATTEMPTS).toBeGreaterThanOrEqual(5);
    const delays = Array.from({ length: REFUND_MAX_ATTEMPTS - 1 }, (_, index) =>
      minutesAfter(nextRefundTry(index + 1, NOW)),
    );
    expect(delays).toEqual([...REFUND_RETRY_DELAYS_MINUTES]);
    expect(delays.every((delay, index) => index === 0 || (delay as number) > (delays[index - 1] as number))).toBe(true);
    const total = REFUND_RETRY_DELAYS_MINUTES.reduce((sum, minutes) => sum + minutes, 0);
    expect(total).toBeGreaterThanOrEqual(60);
    expect(total).toBeLessThanOrEqual(75);
  });

  it('stop after the last try', () => {
    expect(nextRefundTry(REFUND_MAX_ATTEMPTS, NOW)).toBeNull();
  });

  it("tell Stripe's refusal of a disputed charge from any other error", () => {
    expect(isDisputedRefusal({ code: 'charge_disputed' })).toBe(true);
    expect(isDisputedRefusal({ code: 'balance_insufficient' })).toBe(false);
    expect(isDisputedRefusal(new Error('charge_disputed'))).toBe(false);
    expect(isDisputedRefusal(null)).toBe(false);
  });
});
