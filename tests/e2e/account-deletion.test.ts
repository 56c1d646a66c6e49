import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProfile } from '../../functions/data/profiles';
import {
  SCREENSHOTS,
  seriousAccessibilityViolations,
  startBrowserStack,
  stopBrowserStack,
  VIEWPORTS,
  expectVisible,
  toastOn,
  submitSignIn,
} from '../support/browser';
import type { TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile, TEST_USER_PASSWORD } from '../support/users';

let stack: TestStack;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
});

afterAll(async () => {
  await stopBrowserStack({ stack, browser });
});

async function signIn(page: Page, user: SignedInUser) {
  await page.goto(`${stack.webUrl}/login`, { waitUntil: 'networkidle' });
  await submitSignIn(page, user.email);
}

/** A signed-in browser at the Security tab, its delete dialog open. */
async function deleteDialogFor(context: BrowserContext, user: SignedInUser) {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, user);
  await expectVisible(toastOn(page, 'Welcome back!'));
  await page.goto(`${stack.webUrl}/settings?tab=security`, { waitUntil: 'networkidle' });
  const card = page.getByRole('tabpanel', { name: 'Security & Account' });
  await card.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expectVisible(dialog);
  return { page, dialog };
}

describe('deleting an account from Security settings', () => {
  it('asks for the password, deletes the account, and its sign-in then fails', { timeout: 180_000 }, async () => {
    const user = await signedInUserWithProfile(stack.config, 'mentee');
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    try {
      const { page, dialog } = await deleteDialogFor(context, user);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/delete-account-desktop.png`, fullPage: true });

      await dialog.getByLabel('Enter your password to confirm').fill('not-the-password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expectVisible(dialog.getByText('Incorrect password.'));
      expect(await getProfile(user.userId)).not.toBeNull();

      await dialog.getByLabel('Enter your password to confirm').fill(TEST_USER_PASSWORD);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expectVisible(toastOn(page, 'Account Deleted'));
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/');
      expect(await getProfile(user.userId)).toBeNull();

      await signIn(page, user);
      await expectVisible(toastOn(page, 'Sign In Failed'));
      expect(new URL(page.url()).pathname).toBe('/login');
    } finally {
      await context.close();
    }
  });

  it('lays the dialog out for a phone', { timeout: 60_000 }, async () => {
    const user = await signedInUserWithProfile(stack.config, 'mentor');
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile });
    try {
      const { page } = await deleteDialogFor(context, user);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/delete-account-mobile.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('threw no error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
