import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(errors[0]).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(errors[0]).toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    expect(errors[1]).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(errors[2]).toBeNull();
    expect(() => failIfFaulted('transfers')).not.toThrow();
    expect(pendingStripeFaults()).toEqual({ refunds: 0, transfers: 0, invoices: 0 });
  });

  it('fails a transfer with balance_insufficient', () => {
    armStripeFaults({ transfers: 1 });
    expect(() => failIfFaulted('transfers')).toThrow(
      expect.objectContaining({ type: 'StripeInvalidRequestError', code: 'balance_insufficient', statusCode: 400 }),
    );
  });
});
