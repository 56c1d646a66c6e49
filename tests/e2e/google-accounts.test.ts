import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_UNCONFIRMED_MESSAGE,
  RECENT_SIGN_IN_MINUTES,
  RECENT_SIGN_IN_REQUIRED_MESSAGE,
} from '../../functions/domain/sign-in-methods';
import { HOSTED_UI_SCOPES } from '../../functions/schemas/hosted-ui-scopes';
import { PASSWORD_TOO_SHORT_MESSAGE } from '../../functions/schemas/profile';
import {
  SCREENSHOTS,
  seriousAccessibilityViolations,
  startBrowserStack,
  stopBrowserStack,
  VIEWPORTS,
  expectVisible,
} from '../support/browser';
import type { TestStack } from '../support/local-stack';
import {
  type GoogleMadeAccount,
  googleMadeAccount,
  hostedUiAccessToken,
  signInThroughHostedUi,
} from '../support/users';

let stack: TestStack;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await stopBrowserStack({ stack, browser });
});

/**
 * A browser signed in to a Google-made account as the hosted UI's redirect leaves it: Amplify's
 * stored tokens (cognito-local cannot federate, so they are signed as it would sign them), and
 * the profile a first Google sign-in creates (POST /api/me).
 */
async function signedInWithGoogle(account: GoogleMadeAccount, signedInAt = new Date()): Promise<Page> {
  const options = { signedInAt, username: account.username };
  const accessToken = hostedUiAccessToken(stack.config, account, HOSTED_UI_SCOPES, options);
  const created = await fetch(`${stack.apiUrl}/api/me`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ timezone: 'America/Chicago' }),
  });
  expect(created.status).toBe(201);
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  contexts.push(context);
  await signInThroughHostedUi(context, stack.config, account, { signedInAt });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${stack.webUrl}/settings?tab=security`, { waitUntil: 'networkidle' });
  return page;
}

const security = (page: Page) => page.getByRole('tabpanel', { name: 'Security & Account' });
const methodRow = (page: Page, name: string) =>
  security(page).getByRole('list', { name: 'Sign-in methods' }).getByRole('listitem').filter({ hasText: name });

describe('Google-made accounts', () => {
  it('sets one without a current password, after the field errors, then signs in with it', async () => {
    const account = await googleMadeAccount(stack.config);
    const page = await signedInWithGoogle(account);
    const form = security(page).getByRole('form', { name: 'Set password' });
    await expectVisible(form.getByRole('button', { name: 'Set password' }));
    expect(await security(page).getByLabel('Current password').count()).toBe(0);
    await expectVisible(methodRow(page, 'Google').getByText(account.email));
    await expectVisible(methodRow(page, 'Email & Password').getByText('Not connected'));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/settings-set-password.png`, fullPage: true });

    const newPassword = form.getByLabel('New password', { exact: true });
    const confirmation = form.getByLabel('Confirm new password');
    await newPassword.fill('short');
    await confirmation.fill('short');
    await form.getByRole('button', { name: 'Set password' }).click();
    await expectVisible(form.getByText(PASSWORD_TOO_SHORT_MESSAGE));
    expect(await newPassword.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await newPassword.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()).toBe(
      PASSWORD_TOO_SHORT_MESSAGE,
    );

    await newPassword.fill('google-first-1');
    await confirmation.fill('google-first-2');
    await form.getByRole('button', { name: 'Set password' }).click();
    await expectVisible(form.getByText("New passwords don't match."));
    expect(await confirmation.getAttribute('aria-invalid')).toBe('true');

    await confirmation.fill('google-first-1');
    await form.getByRole('button', { name: 'Set password' }).click();
    await expectVisible(page.locator('[data-sonner-toast]').filter({ hasText: 'Password Updated' }));
    // From now on it is an account with a password: changing it takes the current one.
    await expectVisible(security(page).getByRole('button', { name: 'Update password' }));
    await expectVisible(security(page).getByLabel('Current password'));
    await expectVisible(methodRow(page, 'Email & Password').getByText(account.email));
    await page.screenshot({ path: `${SCREENSHOTS}/settings-password-set.png`, fullPage: true });

    const passwordBrowser = await browser.newContext({ viewport: VIEWPORTS.desktop });
    contexts.push(passwordBrowser);
    const login = await passwordBrowser.newPage();
    await login.goto(`${stack.webUrl}/login`, { waitUntil: 'networkidle' });
    await login.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
    await login.getByLabel('Password', { exact: true }).fill('google-first-1');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expectVisible(login.locator('[data-sonner-toast]').filter({ hasText: 'Welcome back!' }));
  });

  it('asks a session older than the limit to sign in again, and sets nothing', async () => {
    const account = await googleMadeAccount(stack.config);
    const page = await signedInWithGoogle(account, new Date(Date.now() - (RECENT_SIGN_IN_MINUTES + 5) * 60_000));
    const form = security(page).getByRole('form', { name: 'Set password' });
    await expectVisible(form.getByRole('button', { name: 'Set password' }));
    await form.getByLabel('New password', { exact: true }).fill('google-first-1');
    await form.getByLabel('Confirm new password').fill('google-first-1');
    await form.getByRole('button', { name: 'Set password' }).click();
    const alert = form.getByRole('alert').filter({ hasText: RECENT_SIGN_IN_REQUIRED_MESSAGE });
    await expectVisible(alert);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/settings-set-password-stale.png`, fullPage: true });
    await alert.getByRole('button', { name: 'Sign in again' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/login');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Sign in' }));
  });

  it('shows a Google sign-in the PreSignUp trigger refused with the trigger’s own message', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const description = `PreSignUp failed with error ${ACCOUNT_UNCONFIRMED_MESSAGE}. `;
    await page.goto(
      `${stack.webUrl}/auth/callback?${new URLSearchParams({ error_description: description, error: 'invalid_request' })}`,
    );
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Authentication Failed' });
    await expectVisible(toast);
    expect(await toast.textContent()).toContain(ACCOUNT_UNCONFIRMED_MESSAGE);
    expect(await toast.textContent()).not.toContain('PreSignUp');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/login');
  });

  it('threw no error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
