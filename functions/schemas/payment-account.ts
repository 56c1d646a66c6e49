import * as z from './zod';

const PAYMENT_ACCOUNT_ACTIONS = ['create', 'dashboard', 'refresh_status'] as const;

/** `POST /api/me/payment-account`: the Coach settings tab's payment account section. */
export const paymentAccountRequest = z.strictObject({ action: z.enum(PAYMENT_ACCOUNT_ACTIONS) });
export type PaymentAccountRequest = z.infer<typeof paymentAccountRequest>;

/** `create` (onboarding) and `dashboard` answer with a provider page the SPA opens in a new tab. */
export const paymentAccountLink = z.object({ url: z.url() });
export type PaymentAccountLink = z.infer<typeof paymentAccountLink>;

/** `refresh_status`: the spec's payment status object (section 3). */
export const paymentStatus = z.object({
  connected: z.boolean(),
  onboardingComplete: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
});
export type PaymentStatus = z.infer<typeof paymentStatus>;
