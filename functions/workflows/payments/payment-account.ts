import { attachPaymentAccount, savePaymentAccountStatus } from '../../data/payment-accounts';
import { DomainError } from '../../domain/errors';
import {
  MFA_REQUIRED_MESSAGE,
  MFA_SIGN_IN_REQUIRED_MESSAGE,
  onboardingReturnUrls,
  type PaymentAccountAction,
  paymentActionNeedsMfa,
  paymentStatus,
  paymentStatusOfAccount,
} from '../../domain/payment-account';
import type { ProfileItem } from '../../domain/profile-item';
import { siteOrigin } from '../../runtime/site';
import type { AccountDirectory, Payments } from '../../domain/ports';

interface PaymentAccountPorts {
  payments: Payments;
  accounts: AccountDirectory;
}

/** How the caller signed in, as far as the payment actions care (http/caller.ts callerSignIn). */
interface SignIn {
  username: string;
  throughHostedUi: boolean;
}

/**
 * `POST /api/me/payment-account {action}`: the mentor's onboarding link, their provider dashboard,
 * or their account's status read again. Once an account exists, its links need two-step verification.
 */
export async function paymentAccountAction(
  ports: PaymentAccountPorts,
  mentor: ProfileItem,
  action: PaymentAccountAction,
  /** Read only when the action needs two-step verification: it refuses a token that names no sign-in. */
  signIn: () => SignIn,
  now: Date,
) {
  if (paymentActionNeedsMfa(action, mentor)) await requireAuthenticatorSignIn(ports.accounts, signIn());
  switch (action) {
    case 'create':
      return { url: await startOnboarding(ports.payments, mentor, now) };
    case 'dashboard':
      return { url: await openDashboard(ports.payments, mentor) };
    case 'refresh_status':
      return refreshStatus(ports.payments, mentor, now);
  }
}

/** Two-step verification on, and this sign-in passed it (a Google sign-in never asks for the code). */
async function requireAuthenticatorSignIn(accounts: AccountDirectory, signIn: SignIn): Promise<void> {
  if (!(await accounts.hasAuthenticatorMfa(signIn.username)))
    throw new DomainError('MFA_REQUIRED', MFA_REQUIRED_MESSAGE);
  if (signIn.throughHostedUi) throw new DomainError('MFA_SIGN_IN_REQUIRED', MFA_SIGN_IN_REQUIRED_MESSAGE);
}

/** Every call gets a fresh single-use link; only the first one creates the mentor's account. */
async function startOnboarding(payments: Payments, profile: ProfileItem, now: Date): Promise<string> {
  const accountId = profile.stripeAccountId ?? (await connectAccount(payments, profile, now));
  const { returnUrl, refreshUrl } = onboardingReturnUrls(siteOrigin());
  return payments.onboardingLink(accountId, returnUrl, refreshUrl);
}

async function connectAccount(payments: Payments, profile: ProfileItem, now: Date): Promise<string> {
  const created = await payments.createConnectedAccount({ userId: profile.userId, email: profile.email });
  return attachPaymentAccount(profile.userId, created, now);
}

/** The provider only lets a fully onboarded account into its dashboard. */
async function openDashboard(payments: Payments, profile: ProfileItem): Promise<string> {
  const accountId = profile.stripeAccountId;
  if (!accountId) throw new DomainError('SETUP_INCOMPLETE', 'Set up your payment account first.');
  if (!paymentStatus(profile).onboardingComplete) {
    throw new DomainError('SETUP_INCOMPLETE', 'Complete your payment account setup first.');
  }
  return payments.dashboardLink(accountId);
}

async function refreshStatus(payments: Payments, profile: ProfileItem, now: Date) {
  const accountId = profile.stripeAccountId;
  if (!accountId) return paymentStatus(profile);
  const status = await payments.accountStatus(accountId);
  await savePaymentAccountStatus(profile.userId, accountId, status, now);
  return paymentStatusOfAccount(status);
}
