import { DateTime } from 'luxon';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { withAuthenticatorMfa } from '../support/authenticator';
import type { TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

const ZONE = 'America/New_York';
const FIRST_NAME = 'Adaeze';
const LAST_NAME = `Okafor-${Date.now().toString(36)}`;

let stack: TestStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let mentor: SignedInUser;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ seed: true }));
  mentor = await signedInUserWithProfile(stack.config, 'mentor');
  const named = await fetch(`${stack.apiUrl}/api/me`, {
    method: 'PATCH',
    headers: { ...mentor.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: FIRST_NAME, lastName: LAST_NAME, timezone: ZONE }),
  });
  expect(named.status).toBe(200);
  context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await context?.close();
  await stopBrowserStack({ stack, browser });
});

const goto = (route: string) => page.goto(`${stack.webUrl}${route}`, { waitUntil: 'networkidle' });

const toast = (text: string) => toastOn(page, text);

/** Toasts fade in and out, and axe reads their half-transparent colours as low contrast: it checks the page once they are gone. */
async function expectAccessible(on: Page = page) {
  await expect.poll(() => on.locator('[data-sonner-toast]').count(), { timeout: 20_000 }).toBe(0);
  expect(await seriousAccessibilityViolations(on)).toEqual([]);
}

/** The provider page the clicked button opens in a new tab. */
async function providerTab(button: string): Promise<Page> {
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: button }).click();
  const tab = await opened;
  await tab.waitForURL(/\/_local\/stripe\/onboarding/);
  return tab;
}

const publishSwitch = () => page.getByRole('switch', { name: 'List my profile in the coach directory' });
const tomorrow = DateTime.now().setZone(ZONE).plus({ days: 1 });

describe('a mentor sets up coaching, end to end', () => {
  it('opens the coaching tab as a new mentor with nothing set up', async () => {
    await goto('/login');
    await signInAs(page, mentor.email);

    await goto('/settings');
    await expectVisible(page.getByRole('tab', { name: 'Coach settings', selected: true }));
    await expectVisible(page.getByText('No time slots yet.'));
    await expectVisible(page.getByText('0 of 3 setup items done'));
    const profileLink = page.getByRole('link', { name: /View public profile/ });
    expect(await profileLink.getAttribute('href')).toBe(`/coaches/${mentor.userId}`);
    expect(await profileLink.getAttribute('target')).toBe('_blank');
    await expectVisible(page.getByRole('button', { name: 'Connect Zoom' }));
    await expectAccessible();
  });

  it('reports the outcome of a Zoom authorization and clears the address bar', async () => {
    await goto('/settings?zoom_error=The%20request%20was%20denied');
    await expectVisible(toast('Zoom Connection Failed').filter({ hasText: 'The request was denied' }));
    expect(new URL(page.url()).search).toBe('');
    await goto('/settings?zoom=connected');
    await expectVisible(toast('Zoom Connected'));
    expect(new URL(page.url()).search).toBe('');
  });

  it('connects Zoom through the consent page and comes back connected', async () => {
    await goto('/settings');
    await page.getByRole('button', { name: 'Connect Zoom' }).click();
    await page.waitForURL(/\/_local\/zoom\/authorize/);
    await page.getByRole('link', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.pathname === '/settings' && url.search === '');
    await expectVisible(toast('Zoom Connected'));
    await expectVisible(page.getByText('Zoom connected', { exact: true }));
  });

  it('reloads the coaching settings on the coaching-settings-refresh window event', async () => {
    const reloaded = page.waitForResponse((response) => response.url().endsWith('/api/me/availability'));
    await page.evaluate(() => window.dispatchEvent(new Event('coaching-settings-refresh')));
    expect((await reloaded).status()).toBe(200);
  });

  it('refuses a missing or invalid rate and a foreign calendar, then saves the rates', async () => {
    await page.getByRole('button', { name: 'Save mentoring settings' }).click();
    await expectVisible(toast('Required Field Missing'));
    await expectVisible(page.getByText('Please enter your hourly rate', { exact: true }));

    const rate = page.getByLabel('Hourly rate (USD)');
    await rate.fill('0');
    await page.getByRole('button', { name: 'Save mentoring settings' }).click();
    await expectVisible(toast('Invalid Rate'));

    await rate.fill('150');
    await page.getByLabel('Coach bio').fill('Twenty years in cardiology; I help residents choose a fellowship.');
    await page.getByRole('switch', { name: 'Offer a free consultation' }).click();
    const consultationLength = page.getByRole('group', { name: 'Free consultation length' });
    expect(await consultationLength.getByRole('radio', { name: '15 minutes' }).isChecked()).toBe(true);
    await consultationLength.getByRole('radio', { name: '30 minutes' }).check();
    const calendar = page.getByLabel('External booking calendar (optional)');
    await calendar.fill('https://example.com/okafor');
    await page.getByRole('button', { name: 'Save mentoring settings' }).click();
    await expectVisible(toast('Invalid Calendly URL'));

    await calendar.fill('');
    await page.getByRole('button', { name: 'Save mentoring settings' }).click();
    await expectVisible(toast('Mentoring Settings Updated'));
    await expectVisible(page.getByText('1 of 3 setup items done'));
  });

  it('tries to publish without availability and is sent to the availability card instead', async () => {
    await publishSwitch().click();
    const dialog = page.getByRole('dialog', { name: 'Finish your setup to publish' });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText('1 of 3 setup items done'));
    expect(await dialog.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    await expectAccessible();
    await dialog.getByRole('button', { name: 'Go to Availability' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('coaching-availability');
    expect(await publishSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('checks a new slot in the browser, adds one, and removes a weekly one after confirming', async () => {
    const addButton = page.getByRole('button', { name: 'Add time slot' });
    await addButton.click();
    await expectVisible(toast('Missing Information'));

    await page.getByLabel('Date').fill(tomorrow.toISODate() as string);
    await page.getByLabel('Start time').selectOption('09:00');
    await page.getByLabel('End time').selectOption('08:00');
    await addButton.click();
    await expectVisible(toast('Invalid Time Range'));

    await page.getByLabel('End time').selectOption('12:00');
    await addButton.click();
    await expectVisible(toast('Time Slot Added'));
    const slots = page.getByRole('list', { name: 'Your time slots' });
    await expectVisible(slots.getByText(`on ${tomorrow.toFormat('ccc, LLL d, yyyy')}`));

    await page.getByLabel('Date').fill(tomorrow.toISODate() as string);
    await page.getByLabel('Start time').selectOption('11:00');
    await page.getByLabel('End time').selectOption('13:00');
    await page.getByRole('switch', { name: 'Repeat weekly' }).click();
    await addButton.click();
    await expectVisible(toast('Overlapping Time Slot'));

    await page.getByLabel('Start time').selectOption('14:00');
    await page.getByLabel('End time').selectOption('15:00');
    await addButton.click();
    const weekly = `every ${tomorrow.toFormat('cccc')}`;
    await expectVisible(slots.getByText(weekly));
    await page.getByRole('button', { name: `Remove 2:00 PM – 3:00 PM ${weekly}` }).click();
    await page
      .getByRole('dialog', { name: 'Remove this time slot?' })
      .getByRole('button', { name: 'Remove slot' })
      .click();
    await expectVisible(toast('Time Slot Removed'));
    await expect.poll(() => slots.getByRole('listitem').count()).toBe(1);
    await expectVisible(page.getByText('2 of 3 setup items done'));
    await expectAccessible();
  });

  it('shows the payment account in each of its three states and finishes onboarding', async () => {
    await expectVisible(page.getByText('You will be redirected to Stripe'));
    await page.screenshot({ path: `${SCREENSHOTS}/coaching-payment-none.png`, fullPage: true });

    const leaving = await providerTab('Set up payment account');
    await expectVisible(toast('Stripe Onboarding Started'));
    await leaving.getByRole('button', { name: 'Leave without finishing' }).click();
    await leaving.waitForURL(`${stack.webUrl}/settings`);
    await leaving.close();
    await page.bringToFront();
    await expectVisible(page.getByText('Setup incomplete'));
    await expectAccessible();
    await page.screenshot({ path: `${SCREENSHOTS}/coaching-payment-incomplete.png`, fullPage: true });

    // Onboarding an existing account again needs two-step verification on (issue 30).
    await withAuthenticatorMfa(stack.config, mentor);
    const finishing = await providerTab('Complete setup');
    await finishing.getByRole('button', { name: 'Complete onboarding' }).click();
    await finishing.waitForURL(`${stack.webUrl}/settings`);
    await expectVisible(toastOn(finishing, 'Payment account ready!'));
    await expectVisible(finishing.getByText('Payment account connected'));
    await expectVisible(finishing.getByRole('button', { name: 'Dashboard' }));
    await expectVisible(finishing.getByText('3 of 3 setup items done'));
    await expectAccessible(finishing);
    await finishing.screenshot({ path: `${SCREENSHOTS}/coaching-payment-connected.png`, fullPage: true });
    await finishing.close();
  });

  it('lays the coaching tab out for a phone', async () => {
    const phone = await browser.newContext({ viewport: VIEWPORTS.mobile, storageState: await context.storageState() });
    try {
      const mobilePage = await phone.newPage();
      await mobilePage.goto(`${stack.webUrl}/settings`, { waitUntil: 'networkidle' });
      await expectVisible(mobilePage.getByText('Payment account connected'));
      await mobilePage.screenshot({ path: `${SCREENSHOTS}/coaching-mobile.png`, fullPage: true });
      await expectAccessible(mobilePage);
    } finally {
      await phone.close();
    }
  });

  it('publishes and then appears in the coach directory', async () => {
    await goto('/settings');
    await publishSwitch().click();
    const dialog = page.getByRole('dialog', { name: 'Publish your profile?' });
    await expectVisible(dialog.getByText('3 of 3 setup items done'));
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expectVisible(toast('Profile Published!'));
    await expect.poll(() => publishSwitch().getAttribute('aria-checked')).toBe('true');

    await stack.directorySettled();
    await goto('/coaches');
    await expectVisible(page.getByRole('article').filter({ hasText: LAST_NAME }));
    expect(pageErrors).toEqual([]);
  });
});
