import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachPaymentAccount } from '../../functions/data/payment-accounts';
import { MFA_REQUIRED_MESSAGE, MFA_SIGN_IN_REQUIRED_MESSAGE } from '../../functions/domain/payment-account';
import { Authenticator } from '../support/authenticator';
import {
  SCREENSHOTS,
  seriousAccessibilityViolations,
  startBrowserStack,
  stopBrowserStack,
  expectVisible,
  toastOn,
  submitSignIn,
} from '../support/browser';
import type { TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile, signInThroughHostedUi, usernameOf } from '../support/users';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let mentor: SignedInUser;
let authenticator: Authenticator;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
  mentor = await signedInUserWithProfile(stack.config, 'mentor');
  // A payment account exists: opening it again needs two-step verification.
  await attachPaymentAccount(mentor.userId, `acct_mfa${Date.now()}`, new Date());
  context = await browser.newContext({ viewport: DESKTOP });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await context?.close();
  await stopBrowserStack({ stack, browser });
});

const goto = (route: string) => page.goto(`${stack.webUrl}${route}`, { waitUntil: 'networkidle' });
const toast = (text: string) => toastOn(page, text);

async function expectAccessible() {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/** `locator` at a phone's width and a desktop's, saved under `name`. */
async function shots(locator: Locator, name: string) {
  for (const [viewport, width] of [
    [PHONE, 390],
    [DESKTOP, 1280],
  ] as const) {
    await page.setViewportSize(viewport);
    await locator.scrollIntoViewIfNeeded();
    await locator.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png` });
  }
}

async function submitPassword() {
  await goto('/login');
  await submitSignIn(page, mentor.email);
}

describe('two-step verification, end to end', () => {
  it('keeps a mentor without it out of their payment account, pointing to Security settings', async () => {
    await submitPassword();
    await expectVisible(toast('Welcome back!'));
    await goto('/settings?tab=coaching');
    await page.getByRole('button', { name: 'Complete setup' }).click();
    const alert = page.getByRole('alert').filter({ hasText: MFA_REQUIRED_MESSAGE });
    await expectVisible(alert);
    await expectAccessible();
    await alert.getByRole('link', { name: 'Go to Security settings' }).click();
    await expectVisible(page.getByRole('tabpanel', { name: 'Security & Account' }));
  });

  it('turns on with a code from an authenticator app, refusing a wrong one', async () => {
    const card = page.locator('#two-step-verification');
    await card.getByRole('button', { name: 'Set up two-step verification' }).click();
    const key = card.getByTestId('authenticator-key');
    await expectVisible(key);
    await expectVisible(card.getByRole('img', { name: /QR code for your authenticator app/ }));
    authenticator = new Authenticator(((await key.textContent()) ?? '').replace(/\s/g, ''));

    await card.getByLabel('6-digit code').fill(authenticator.wrongCode());
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expectVisible(card.getByText('That code is not right. Enter the code your app shows now.'));
    await expectAccessible();
    await shots(card, 'mfa-setup');

    await card.getByLabel('6-digit code').fill(await authenticator.code());
    await card.getByRole('button', { name: 'Turn on' }).click();
    await expectVisible(toast('Two-Step Verification On'));
    await expectVisible(card.getByText('On: signing in asks for a code from your authenticator app.'));
    await expectAccessible();
    await shots(card, 'mfa-on');
  });

  it('asks the next sign-in for a code after the password, refusing a wrong one', async () => {
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expectVisible(toast('Signed Out'));
    await submitPassword();
    const step = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Two-step verification' }) });
    await expectVisible(step);
    await step.getByLabel('6-digit code').fill(authenticator.wrongCode());
    await step.getByRole('button', { name: 'Verify' }).click();
    await expectVisible(step.getByText('That code is not right. Enter the code your app shows now.'));
    await expectAccessible();
    await shots(page.getByRole('main'), 'mfa-sign-in-code');

    await step.getByLabel('6-digit code').fill(await authenticator.code());
    await step.getByRole('button', { name: 'Verify' }).click();
    await expectVisible(toast('Welcome back!'));
    expect(pageErrors).toEqual([]);
  });

  it('keeps a Google sign-in of the same account, which skipped the code, out of the payment account', async () => {
    const viaGoogle = await browser.newContext({ viewport: DESKTOP });
    try {
      await signInThroughHostedUi(viaGoogle, stack.config, { ...mentor, username: usernameOf(mentor) });
      const googlePage = await viaGoogle.newPage();
      googlePage.on('pageerror', (error) => pageErrors.push(error.message));
      await googlePage.goto(`${stack.webUrl}/settings?tab=coaching`, { waitUntil: 'networkidle' });
      await googlePage.getByRole('button', { name: 'Complete setup' }).click();
      const alert = googlePage.getByRole('alert').filter({ hasText: MFA_SIGN_IN_REQUIRED_MESSAGE });
      await expectVisible(alert);
      expect(await seriousAccessibilityViolations(googlePage)).toEqual([]);
      await googlePage.setViewportSize(PHONE);
      await alert.scrollIntoViewIfNeeded();
      await alert.screenshot({ path: `${SCREENSHOTS}/mfa-google-sign-in-390.png` });
      await alert.getByRole('button', { name: 'Sign in again' }).click();
      await expect.poll(() => new URL(googlePage.url()).pathname, { timeout: 20_000 }).toBe('/login');
      expect(pageErrors).toEqual([]);
    } finally {
      await viaGoogle.close();
    }
  });
});
