import { afterEach, describe, expect, it } from 'vitest';
import { StripeApiError } from '../../bin/local/stripe-api/errors';
import { armStripeFaults, failIfFaulted, pendingStripeFaults } from '../../bin/local/stripe-faults';

afterEach(() => armStripeFaults({ refunds: 0, transfers: 0, invoices: 0 }));

describe('the Stripe stand-in faults', () => {
  it('fails exactly the next N calls of the armed kind, as Stripe does, and leaves the other kind alone', () => {
    armStripeFaults({ refunds: 2 });
    const errors = [0, 1, 2].map(() => {
      try {
        failIfFaulted('refunds');
        return null;
      } catch (error) {
        return error;
      }
    });
    expect(errors[0]).toBeInstanceOf(StripeApiError);
    expect(errors[0]).toMatchObject({ status: 500, error: { type: 'api_error' } });
    expect(errors[1]).toBeInstanceOf(StripeApiError);
    expect(errors[2]).toBeNull();
    expect(() => failIfFaulted('transfers')).not.toThrow();
    expect(pendingStripeFaults()).toEqual({ refunds: 0, transfers: 0, invoices: 0 });
  });

  it('fails a transfer with balance_insufficient', () => {
    armStripeFaults({ transfers: 1 });
    expect(() => failIfFaulted('transfers')).toThrow(
      expect.objectContaining({
        status: 400,
        error: expect.objectContaining({ type: 'invalid_request_error', code: 'balance_insufficient' }),
      }),
    );
  });
});
