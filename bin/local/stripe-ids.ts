import { createHash, randomBytes } from 'node:crypto';

/** A new object's id with Stripe's prefix for its kind (`acct`, `cs`, `tr`, …). */
export const newStripeId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/** The id of an object that belongs to another one (a checkout's PaymentIntent and charge), the same every time. */
export const derivedStripeId = (prefix: string, key: string) =>
  `${prefix}_local_${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
