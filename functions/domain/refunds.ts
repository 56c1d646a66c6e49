/**
 * A cancelled paid session's refund, as its session item keeps it (the outbox the cancellation
 * writes in its own transaction; workflows/payments/refunds.ts performs it).
 */
export type RefundStatus = 'requested' | 'succeeded' | 'failed';

export interface RefundState {
  status: RefundStatus;
  amountCents: number;
  /** Calls to the provider that failed so far. */
  failedAttempts: number;
  /** Why it failed for good: the charge is disputed (the provider refuses), or every try failed. */
  failure?: 'disputed' | 'gave_up' | 'bank_declined' | null;
  lastError?: string | null;
  requestedAt: string;
}

/**
 * Minutes to wait after each failed try before the next: 6 tries in about an hour (0, 2, 7, 17,
 * 32 and 62 minutes after the cancellation), then the refund is given up and an operator called.
 */
export const REFUND_RETRY_DELAYS_MINUTES = [2, 5, 10, 15, 30] as const;
export const REFUND_MAX_ATTEMPTS = REFUND_RETRY_DELAYS_MINUTES.length + 1;

export const newRefund = (amountCents: number, now: Date): RefundState => ({
  status: 'requested',
  amountCents,
  failedAttempts: 0,
  requestedAt: now.toISOString(),
});

/** When the next try is due after `failedAttempts` failures, or null when none is left. */
export function nextRefundTry(failedAttempts: number, now: Date): Date | null {
  const minutes = REFUND_RETRY_DELAYS_MINUTES[failedAttempts - 1];
  return minutes === undefined ? null : new Date(now.getTime() + minutes * 60_000);
}

/** Stripe's error code for a refund of a charge that is disputed (charged back): it never refunds one. */
export const CHARGE_DISPUTED_CODE = 'charge_disputed';

export const isDisputedRefusal = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === CHARGE_DISPUTED_CODE;
