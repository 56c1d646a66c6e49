import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../../bin/local/mailbox';
import { CURRENT_PASSWORD_WRONG_MESSAGE } from '../../functions/adapters/identity';
import {
  startBrowserStack,
  stopBrowserStack,
  SCREENSHOTS,
  seriousAccessibilityViolations,
  VIEWPORTS,
  expectVisible,
  toastOn,
  signInAs,
} from '../support/browser';
import type { TestStack } from '../support/local-stack';

const FIRST_PASSWORD = 'first-password-1';
const NEW_PASSWORD = 'second-password-2';

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let scratch: string;
const email = `mentor-${randomUUID()}@example.test`;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ seed: true }));
  context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  scratch = await mkdtemp(path.join(os.tmpdir(), 'pm-accounts-'));
});

afterAll(async () => {
  await context?.close();
  await stopBrowserStack({ stack, browser });
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const goto = (route: string) => page.goto(`${stack.webUrl}${route}`, { waitUntil: 'networkidle' });

const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });

const toast = (text: string) => toastOn(page, text);

async function expectAccessible() {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

/** The link in the newest mail of this kind to the test user, as the local mailbox stored it. */
const passwordChangedMails = async () =>
  (await readMailbox(stack.mailboxFile)).filter((m) => m.to === email && /password was changed/.test(m.subject));

async function linkFromMail(subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readMailbox(stack.mailboxFile)).filter((m) => m.to === email && subject.test(m.subject));
        link = mails.at(-1)?.text.match(/https?:\/\/\S+/)?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link as string;
}

async function signIn(password: string) {
  await goto('/login');
  await expectVisible(heading('Sign in'));
  await signInAs(page, email, password);
}

describe('accounts, end to end', () => {
  it('registers a mentor through the form, who then confirms the e-mail from the mail', async () => {
    await goto('/register');
    await expectVisible(heading('Create your account'));
    expect(await page.getByRole('button', { name: 'Google sign-in is not configured here' }).isDisabled()).toBe(true);
    const submit = page.getByRole('button', { name: 'Create account' });
    expect(await submit.isDisabled()).toBe(true);

    await page.getByRole('radio', { name: /Coach/ }).check();
    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill('Raman');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel('Confirm password').fill(FIRST_PASSWORD);
    await page.getByLabel('Location').fill('Boston, MA');
    await page.getByLabel('Credentials').fill('MD');
    await page.getByLabel('Primary specialty').selectOption('Cardiology');
    expect(await page.getByLabel('Secondary specialty (optional)').locator('option[value="Cardiology"]').count()).toBe(
      0,
    );
    await page.getByLabel('Practice experience').selectOption('10-15');
    await page.getByLabel('Hourly rate (USD)').fill('150');
    await page.getByRole('checkbox', { name: 'Leadership Development' }).click();
    await page.getByRole('checkbox', { name: /terms of service/ }).click();
    expect(await submit.isDisabled()).toBe(false);
    await expectAccessible();
    await page.screenshot({ path: `${SCREENSHOTS}/register-desktop.png`, fullPage: true });

    await submit.click();
    await expectVisible(toast('Account Created!'));
    await expectVisible(heading('Check your email'));

    const link = await linkFromMail(/confirm/i);
    expect(new URLSearchParams(new URL(link).hash.slice(1)).get('confirm')).toBeTruthy();
    expect(new URL(link).search).toBe('');
    await page.goto(link);
    await page.waitForURL((url) => url.pathname === '/login');
    await expectVisible(toast('Email confirmed'));
    expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(email);
  });

  it('lays the register form out for a phone', async () => {
    const phone = await browser.newContext({ viewport: VIEWPORTS.mobile });
    try {
      const mobilePage = await phone.newPage();
      await mobilePage.goto(`${stack.webUrl}/register`, { waitUntil: 'networkidle' });
      await mobilePage.getByRole('radio', { name: /Coach/ }).check();
      await mobilePage.screenshot({ path: `${SCREENSHOTS}/register-mobile.png`, fullPage: true });
      expect(await seriousAccessibilityViolations(mobilePage)).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('signs the mentor in, who edits the profile, uploads a headshot and signs out', async () => {
    await goto('/login');
    await expectVisible(heading('Sign in'));
    await expectAccessible();
    await signIn(FIRST_PASSWORD);

    await goto('/settings?tab=profile');
    await expectVisible(page.getByRole('tab', { name: 'Profile', selected: true }));
    expect(new URL(page.url()).search).toBe('');
    await page.getByLabel('Subtitle (job title and company)').fill('Chief of Cardiology, Mercy General');
    await page.getByLabel('Languages', { exact: true }).fill('span');
    await page.getByRole('button', { name: 'Add Spanish' }).click();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expectVisible(toast('Profile Updated'));

    const png = path.join(scratch, 'headshot.png');
    await sharp({ create: { width: 400, height: 400, channels: 3, background: '#14697d' } })
      .png()
      .toFile(png);
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expectVisible(toast('Invalid File Type'));
    await fileInput.setInputFiles(png);
    await expectVisible(toast('Headshot Updated'));
    const headshot = page.getByRole('img', { name: 'Headshot of Priya Raman' });
    await expect
      .poll(() => headshot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 })
      .toBeGreaterThan(0);

    await goto('/settings');
    await expectVisible(page.getByRole('tab', { name: 'Coach settings', selected: true }));
    await page.getByRole('tab', { name: 'Profile' }).click();
    expect(await page.getByLabel('Subtitle (job title and company)').inputValue()).toBe(
      'Chief of Cardiology, Mercy General',
    );
    await expectVisible(page.getByRole('button', { name: 'Remove Spanish' }));
    await expectAccessible();
    await page.screenshot({ path: `${SCREENSHOTS}/settings-profile.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Security & Account' }).click();
    await expectVisible(page.getByRole('button', { name: 'Update password' }));
    await expectVisible(page.getByRole('list', { name: 'Sign-in methods' }).getByText(email));
    await expectAccessible();
    await page.screenshot({ path: `${SCREENSHOTS}/settings-security.png`, fullPage: true });

    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expectVisible(toast('Signed Out'));
  });

  it('resets a forgotten password from the mailed link, and the new one signs in', async () => {
    await goto('/forgot-password');
    await expectVisible(heading('Forgot your password?'));
    await expectAccessible();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectVisible(heading('Check Your Email'));
    await expectVisible(toast('Email sent!'));

    const link = await linkFromMail(/reset/i);
    await page.goto(link, { waitUntil: 'networkidle' });
    await expectVisible(heading('Choose a new password'));
    await expectAccessible();
    await page.screenshot({ path: `${SCREENSHOTS}/reset-password.png`, fullPage: true });

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('something-else');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expectVisible(toast("Passwords don't match"));

    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expectVisible(toast('Password updated!'));
    await page.waitForURL(`${stack.webUrl}/login`);
    expect((await passwordChangedMails()).map((m) => m.text)).toEqual([expect.stringContaining('was reset')]);

    await signIn(NEW_PASSWORD);
  });

  it('sends a signed-in user away from sign in, and changes the password in settings', async () => {
    await goto('/login');
    // The redirect waits for the session check (Amplify loads first): seconds on a busy machine.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).not.toBe('/login');

    await goto('/settings?tab=security');
    const security = page.getByRole('tabpanel', { name: 'Security & Account' });
    await expectVisible(security);
    await security.getByLabel('Current password').fill(FIRST_PASSWORD);
    await security.getByLabel('New password', { exact: true }).fill(FIRST_PASSWORD);
    await security.getByLabel('Confirm new password').fill(FIRST_PASSWORD);
    await security.getByRole('button', { name: 'Update password' }).click();
    await expectVisible(security.getByText(CURRENT_PASSWORD_WRONG_MESSAGE));
    await security.getByLabel('Current password').fill(NEW_PASSWORD);
    await security.getByLabel('New password', { exact: true }).fill('short');
    await security.getByLabel('Confirm new password').fill('short');
    await security.getByRole('button', { name: 'Update password' }).click();
    await expectVisible(toast('Password Too Short'));
    await security.getByLabel('New password', { exact: true }).fill(FIRST_PASSWORD);
    await security.getByRole('button', { name: 'Update password' }).click();
    await expectVisible(toast('Password Mismatch'));
    await security.getByLabel('Confirm new password').fill(FIRST_PASSWORD);
    await security.getByRole('button', { name: 'Update password' }).click();
    await expectVisible(toast('Password Updated'));
    expect((await passwordChangedMails()).map((m) => m.text)).toEqual([
      expect.stringContaining('was reset'),
      expect.stringContaining('changed in your account settings'),
    ]);

    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expectVisible(toast('Signed Out'));
    await signIn(FIRST_PASSWORD);
  });

  it('sends a reset page without its code back to sign in', async () => {
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    // Signing out ends with this toast; a page load before it would cut the sign-out short.
    await expectVisible(toast('Signed Out'));
    await goto('/reset-password');
    await expectVisible(toast('Invalid reset link'));
    await page.waitForURL(`${stack.webUrl}/login`);
  });

  it('offers a new confirmation e-mail to a user who signs in unconfirmed, and keeps them on sign in', async () => {
    const unconfirmed = `mentee-${randomUUID()}@example.test`;
    const registered = await fetch(`${stack.webUrl}/api/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userType: 'mentee',
        firstName: 'Sam',
        lastName: 'Lee',
        email: unconfirmed,
        password: FIRST_PASSWORD,
        confirmPassword: FIRST_PASSWORD,
        agreedToTerms: true,
      }),
    });
    expect(registered.status).toBe(202);

    await goto('/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(unconfirmed);
    await page.getByLabel('Password', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const resend = page.getByRole('button', { name: 'Resend confirmation e-mail' });
    await expectVisible(resend);
    // cognito-local has no ResendConfirmationCode, so the resend itself is only exercised against Cognito.
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('threw no error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
