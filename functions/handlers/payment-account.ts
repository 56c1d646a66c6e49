import { accountsFromEnvironment } from '../adapters/identity';
import { type Payments, paymentsFromEnvironment } from '../adapters/payments';
import { attachPaymentAccount, savePaymentAccountStatus } from '../data/payment-accounts';
import type { ProfileItem } from '../domain/profile-item';
import { DomainError } from '../domain/errors';
import {
  MFA_REQUIRED_MESSAGE,
  MFA_SIGN_IN_REQUIRED_MESSAGE,
  onboardingReturnUrls,
  paymentActionNeedsMfa,
  paymentStatus,
  paymentStatusOfAccount,
} from '../domain/payment-account';
import { type CallerSignIn, callerSignIn } from '../http/caller';
import { httpHandler } from '../http/handler';
import { requireMentor } from '../http/mentor';
import { siteOrigin } from '../runtime/site';
import { paymentAccountRequest } from '../schemas/payment-account';

export const handler = httpHandler(
  { schemas: { body: paymentAccountRequest }, auth: true },
  async ({ body, caller, event, now }) => {
    const profile = await requireMentor(caller);
    if (paymentActionNeedsMfa(body.action, profile)) await requireAuthenticatorSignIn(callerSignIn(event));
    switch (body.action) {
      case 'create':
        return { status: 200, body: { url: await startOnboarding(profile, now) } };
      case 'dashboard':
        return { status: 200, body: { url: await openDashboard(profile) } };
      case 'refresh_status':
        return { status: 200, body: await refreshStatus(profile, now) };
    }
  },
);

/** Two-step verification on, and this sign-in passed it (a Google sign-in never asks for the code). */
async function requireAuthenticatorSignIn(signIn: CallerSignIn): Promise<void> {
  if (!(await accountsFromEnvironment().hasAuthenticatorMfa(signIn.username)))
    throw new DomainError('MFA_REQUIRED', MFA_REQUIRED_MESSAGE);
  if (signIn.throughHostedUi) throw new DomainError('MFA_SIGN_IN_REQUIRED', MFA_SIGN_IN_REQUIRED_MESSAGE);
}

/** Every call gets a fresh single-use link; only the first one creates the mentor's account. */
async function startOnboarding(profile: ProfileItem, now: Date): Promise<string> {
  const payments = paymentsFromEnvironment();
  const accountId = profile.stripeAccountId ?? (await connectAccount(payments, profile, now));
  const { returnUrl, refreshUrl } = onboardingReturnUrls(siteOrigin());
  return payments.onboardingLink(accountId, returnUrl, refreshUrl);
}

async function connectAccount(payments: Payments, profile: ProfileItem, now: Date): Promise<string> {
  const created = await payments.createConnectedAccount({ userId: profile.userId, email: profile.email });
  return attachPaymentAccount(profile.userId, created, now);
}

/** The provider only lets a fully onboarded account into its dashboard. */
async function openDashboard(profile: ProfileItem): Promise<string> {
  const accountId = profile.stripeAccountId;
  if (!accountId) throw new DomainError('SETUP_INCOMPLETE', 'Set up your payment account first.');
  if (!paymentStatus(profile).onboardingComplete) {
    throw new DomainError('SETUP_INCOMPLETE', 'Complete your payment account setup first.');
  }
  return paymentsFromEnvironment().dashboardLink(accountId);
}

async function refreshStatus(profile: ProfileItem, now: Date) {
  const accountId = profile.stripeAccountId;
  if (!accountId) return paymentStatus(profile);
  const status = await paymentsFromEnvironment().accountStatus(accountId);
  await savePaymentAccountStatus(profile.userId, accountId, status, now);
  return paymentStatusOfAccount(status);
}
