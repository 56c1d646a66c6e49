import { stripePayments, withinPaymentsBudget } from '../../adapters/payments';
import { requiredEnvironment } from '../../adapters/required-environment';
import type { Payments } from '../../domain/ports';
import { port } from '../composition-root';

/**
 * Stripe from STRIPE_SECRET_KEY and the two endpoints' signing secrets, at STRIPE_API_BASE when it is
 * set (the local stack and the tests point it at the stand-in of Stripe's API, bin/local/stripe-api),
 * else at api.stripe.com; every call within the payments budget.
 */
export const payments = (): Payments => {
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = process.env;
  return port(
    'payments',
    () =>
      withinPaymentsBudget(
        stripePayments(
          requiredEnvironment('STRIPE_SECRET_KEY'),
          {
            platform: requiredEnvironment('STRIPE_WEBHOOK_SECRET'),
            connect: requiredEnvironment('STRIPE_CONNECT_WEBHOOK_SECRET'),
          },
          STRIPE_API_BASE,
        ),
      ),
    // A test run starts a stand-in per stack.
    `${STRIPE_API_BASE ?? ''} ${STRIPE_SECRET_KEY ?? ''}`,
  );
};
