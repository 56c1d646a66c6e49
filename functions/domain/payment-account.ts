import type { ProfileItem } from './profile-item';
import type { PaymentStatus } from '../schemas/payment-account';

/** What the payment provider says a connected account can do. */
export interface AccountStatus {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

/** The Coach settings tab's three displays (spec section 2). */
export type PaymentAccountState = 'not_connected' | 'incomplete' | 'complete';

type StoredPaymentAccount = Pick<
  ProfileItem,
  | 'stripeAccountId'
  | 'stripeOnboardingComplete'
  | 'stripeChargesEnabled'
  | 'stripePayoutsEnabled'
  | 'stripeDetailsSubmitted'
>;

/** A mentor can be paid only when the provider takes cards for them, pays them out and has their details. */
export const isOnboardingComplete = (status: AccountStatus) =>
  status.chargesEnabled && status.payoutsEnabled && status.detailsSubmitted;

/** The spec's payment status object, from what the profile stores. */
export function paymentStatus(stored: StoredPaymentAccount): PaymentStatus {
  const connected = Boolean(stored.stripeAccountId);
  return {
    connected,
    onboardingComplete: connected && stored.stripeOnboardingComplete === true,
    chargesEnabled: connected && stored.stripeChargesEnabled === true,
    payoutsEnabled: connected && stored.stripePayoutsEnabled === true,
    detailsSubmitted: connected && stored.stripeDetailsSubmitted === true,
  };
}

/** The payment status object of a connected account, from what the provider just said. */
export const paymentStatusOfAccount = (status: AccountStatus): PaymentStatus => ({
  connected: true,
  onboardingComplete: isOnboardingComplete(status),
  ...status,
});

export function paymentAccountState(
  status: Pick<PaymentStatus, 'connected' | 'onboardingComplete'>,
): PaymentAccountState {
  if (!status.connected) return 'not_connected';
  return status.onboardingComplete ? 'complete' : 'incomplete';
}

/** What a mentor asks of their payment account (`POST /api/me/payment-account`). */
export type PaymentAccountAction = 'create' | 'dashboard' | 'refresh_status';

export const MFA_REQUIRED_MESSAGE =
  'Turn on two-step verification in Security settings before you open your payment dashboard or change your payout details.';

export const MFA_SIGN_IN_REQUIRED_MESSAGE =
  'Signing in with Google skips your authenticator code. Sign out, then sign in with your email, password and code to open your payment dashboard or change your payout details.';

/**
 * Whether `action` needs the mentor to have two-step verification on: any link into an account
 * that exists (the dashboard, or onboarding again), since it shows and edits the payout details
 * held. The very first link, which creates the account, does not: there are no details yet.
 */
export const paymentActionNeedsMfa = (action: PaymentAccountAction, stored: StoredPaymentAccount): boolean =>
  action !== 'refresh_status' && paymentStatus(stored).connected;

/**
 * Where the provider sends the mentor back: on finishing, to the settings page that starts status
 * polling; on an expired or abandoned link, to the coaching tab, whose button asks for a fresh link.
 */
export const onboardingReturnUrls = (siteOrigin: string) => ({
  returnUrl: `${siteOrigin}/settings?stripe=connected`,
  refreshUrl: `${siteOrigin}/settings?tab=coaching`,
});

export const STATUS_POLL_INTERVAL_MS = 2_000;
export const STATUS_POLL_LIMIT = 5;

/**
 * The SPA's status polling after the mentor returns from onboarding (spec section 4), one state
 * per toast of the settings catalogue (spec section 8):
 * - polling: 'Processing Payment Setup', shown once when polling starts;
 * - ready: 'Payment account ready!', as soon as onboarding is complete;
 * - almost_complete: 'Setup Almost Complete', at the limit with charges and payouts enabled;
 * - in_progress: 'Setup In Progress' (destructive), at the limit otherwise;
 * - check_failed: 'Status Check Failed', when a status request fails.
 */
export type StatusPolling =
  | { phase: 'polling'; attempt: number; delayMs: number }
  | { phase: 'ready' | 'almost_complete' | 'in_progress' | 'check_failed' };

/** The first request goes out at once: the provider has usually updated the account by the time it redirects. */
export const startStatusPolling = (): StatusPolling => ({ phase: 'polling', attempt: 1, delayMs: 0 });

export function afterStatusPoll(attempt: number, answer: PaymentStatus | 'failed'): StatusPolling {
  if (answer === 'failed') return { phase: 'check_failed' };
  if (answer.onboardingComplete) return { phase: 'ready' };
  if (attempt < STATUS_POLL_LIMIT) return { phase: 'polling', attempt: attempt + 1, delayMs: STATUS_POLL_INTERVAL_MS };
  return { phase: answer.chargesEnabled && answer.payoutsEnabled ? 'almost_complete' : 'in_progress' };
}

export interface StatusToast {
  title: string;
  description: string;
  destructive: boolean;
}

/** Titles and the two descriptions are the spec's; the other descriptions are ours. */
export const STATUS_POLLING_TOASTS: Record<StatusPolling['phase'], StatusToast> = {
  polling: {
    title: 'Processing Payment Setup',
    description: 'Checking your payment account status with Stripe…',
    destructive: false,
  },
  ready: {
    title: 'Payment account ready!',
    description: 'You can now receive payments for your sessions.',
    destructive: false,
  },
  almost_complete: {
    title: 'Setup Almost Complete',
    description: 'Stripe is finishing its checks. Your account will be ready shortly.',
    destructive: false,
  },
  in_progress: {
    title: 'Setup In Progress',
    description: 'Please complete all required information in Stripe.',
    destructive: true,
  },
  check_failed: {
    title: 'Status Check Failed',
    description: 'Please refresh the page to check your account status.',
    destructive: true,
  },
};
