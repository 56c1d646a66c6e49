import { planInput } from '@functions/schemas/plans';
import type { Profile } from '@functions/schemas/profile';
import * as z from '@functions/schemas/zod';

const PRICE_REQUIRED = 'Enter a monthly price.';
const required = z.number({ error: PRICE_REQUIRED });

/** The price as the coach types it, whole dollars; once in cents, the server's own rule checks it. */
const monthlyPriceDollars = z.pipe(
  z.pipe(
    z.pipe(z.nullable(required), required.check(z.int('The monthly price is in whole dollars.'))),
    z.transform((dollars) => dollars * 100),
  ),
  planInput.shape.monthlyPriceCents,
);

/** The Plan card's form: `planInput` with the price in dollars. */
export const planForm = z.pipe(
  z.extend(z.omit(planInput, { monthlyPriceCents: true }), { monthlyPrice: monthlyPriceDollars }),
  z.transform(({ monthlyPrice, ...rest }) => ({ ...rest, monthlyPriceCents: monthlyPrice })),
);
export type PlanFormValues = z.input<typeof planForm>;

/** A coach without a plan starts from two hour-long sessions a month, switched off. */
export const toPlanFormValues = (plan: Profile['plan']): PlanFormValues => ({
  monthlyPrice: plan ? plan.monthlyPriceCents / 100 : null,
  sessionsPerMonth: plan?.sessionsPerMonth ?? 2,
  sessionMinutes: plan?.sessionMinutes ?? 60,
  description: plan?.description ?? '',
  active: plan?.active ?? false,
});
