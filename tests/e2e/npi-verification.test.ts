import type { Browser, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_NPI_MESSAGE } from '../../functions/domain/npi';
import {
  openPage,
  SCREENSHOTS,
  seriousAccessibilityViolations,
  startBrowserStack,
  stopBrowserStack,
  VIEWPORTS,
  expectVisible,
  submitSignIn,
} from '../support/browser';
import type { TestStack } from '../support/local-stack';
import { mailedLink } from '../support/mailed-link';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

const DETAIL =
  /^Checked against the NPPES NPI Registry on [A-Z][a-z]+ \d{1,2}, \d{4}: active individual NPI, .+, name matches\.$/;

let stack: TestStack;
let browser: Browser;
let mentor: SignedInUser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ seed: true }));
  mentor = await signedInUserWithProfile(stack.config, 'mentor');
  // The stand-in registry lists 1234567893 for Jordan Rivera, MD.
  const named = await fetch(`${stack.apiUrl}/api/me`, {
    method: 'PATCH',
    headers: { ...mentor.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Jordan', lastName: 'Rivera' }),
  });
  expect(named.status).toBe(200);
});

afterAll(() => stopBrowserStack({ stack, browser }));

const detailOf = (page: Page) => page.getByRole('tooltip');
const verificationCard = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Verification', exact: true }) })
    .last();
/** The narrow phone the issue names. */
const PHONE = { width: 390, height: 844 };

/** Tabs from the top of the page until the first "NPI verified" badge has the keyboard focus. */
async function tabToBadge(page: Page) {
  await page.locator('body').focus();
  for (let press = 0; press < 60; press++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent)) === 'NPI verified') return;
  }
  throw new Error('No "NPI verified" badge is reachable with the Tab key');
}

describe('NPI verification', () => {
  it('lets a mentor enter an NPI in Coach settings and see it verified', async () => {
    const { page, errors } = await openPage(browser, `${stack.webUrl}/login`, VIEWPORTS.desktop);
    await submitSignIn(page, mentor.email);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${stack.webUrl}/settings`, { waitUntil: 'networkidle' });

    const card = verificationCard(page);
    await expectVisible(card.getByText('Not verified yet.'));
    const field = card.getByLabel('NPI (National Provider Identifier)');
    await field.fill('1234567894');
    await card.getByRole('button', { name: 'Check NPI' }).click();
    await expectVisible(card.getByText(INVALID_NPI_MESSAGE));

    await field.fill('1234567893');
    await card.getByRole('button', { name: 'Check NPI' }).click();
    await expectVisible(card.getByRole('button', { name: 'NPI verified' }));
    await card.getByRole('button', { name: 'NPI verified' }).hover();
    await expect
      .poll(() => detailOf(page).textContent())
      .toMatch(/active individual NPI, Internal Medicine, name matches/);
    await card.screenshot({ path: `${SCREENSHOTS}/npi-settings-verified-desktop.png` });
    await page.setViewportSize(PHONE);
    await card.screenshot({ path: `${SCREENSHOTS}/npi-settings-verified-mobile.png` });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('takes an optional NPI at sign-up, refuses a wrong check digit there, and shows it verified once signed in', async () => {
    const email = `npi-sign-up-${randomUUID().slice(0, 8)}@example.test`;
    const password = 'a-long-password-1';
    const { page, errors } = await openPage(browser, `${stack.webUrl}/register`, VIEWPORTS.desktop);
    await page.getByRole('radio', { name: /Coach/ }).check();
    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('Hourly rate (USD)').fill('200');
    const npi = page.getByLabel('NPI (National Provider Identifier, optional)');
    await npi.fill('1234567894');
    await page.getByRole('checkbox', { name: /terms of service/ }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectVisible(page.getByText(INVALID_NPI_MESSAGE));
    for (const [viewport, name] of [
      [VIEWPORTS.desktop, 'desktop'],
      [PHONE, 'mobile'],
    ] as const) {
      await page.setViewportSize(viewport);
      await npi.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOTS}/npi-register-${name}.png` });
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await npi.fill('1234567893');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Check your email' }));
    await page.goto(await mailedLink(stack.mailboxFile, email));
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${stack.webUrl}/settings`, { waitUntil: 'networkidle' });
    const card = verificationCard(page);
    await expectVisible(card.getByRole('button', { name: 'NPI verified' }));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the badge on directory cards, its detail on keyboard focus, and filters verified physicians only', async () => {
    const { page, errors } = await openPage(browser, `${stack.webUrl}/coaches`, VIEWPORTS.desktop);
    const cards = page.getByRole('article');
    await expectVisible(cards);
    const total = await cards.count();
    await tabToBadge(page);
    await expect.poll(() => detailOf(page).textContent()).toMatch(DETAIL);
    await page.screenshot({ path: `${SCREENSHOTS}/npi-directory-desktop.png` });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await detailOf(page).count()).toBe(0);

    await page.getByRole('checkbox', { name: 'Verified physicians only' }).click();
    await page.waitForURL((url) => url.searchParams.get('verified') === 'true');
    const verifiedCards = cards.filter({ has: page.getByRole('button', { name: 'NPI verified' }) });
    // The filtered list replaces the whole one: read the count line and the cards together until they agree.
    await expect
      .poll(async () => {
        const status = await page
          .getByRole('status')
          .filter({ hasText: /^Showing/ })
          .textContent();
        const [all, verified] = [await cards.count(), await verifiedCards.count()];
        return verified > 0 && all === verified && status === `Showing ${verified} of ${total} mentors`;
      })
      .toBe(true);
    expect(errors).toEqual([]);
  });

  it('opens the detail with a tap on a phone, on the card and on the coach page', async () => {
    const { page, errors } = await openPage(browser, `${stack.webUrl}/coaches?verified=true`, PHONE);
    const badge = page.getByRole('article').first().getByRole('button', { name: 'NPI verified' });
    await expectVisible(badge);
    await badge.click();
    await expect.poll(() => detailOf(page).textContent()).toMatch(DETAIL);
    await page.screenshot({ path: `${SCREENSHOTS}/npi-directory-mobile.png` });

    await page
      .getByRole('link', { name: /^Book Session with/ })
      .first()
      .click();
    await page.waitForURL(/\/coaches\/[^/?]+$/);
    const pageBadge = page.locator('main').getByRole('button', { name: 'NPI verified' });
    await expectVisible(pageBadge);
    await pageBadge.click();
    await expect.poll(() => detailOf(page).textContent()).toMatch(DETAIL);
    await page.screenshot({ path: `${SCREENSHOTS}/npi-coach-page-mobile.png` });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.setViewportSize(VIEWPORTS.desktop);
    await page.mouse.move(0, 0);
    await tabToBadge(page);
    await expect.poll(() => detailOf(page).textContent()).toMatch(DETAIL);
    await page.screenshot({ path: `${SCREENSHOTS}/npi-coach-page-desktop.png` });
    expect(errors).toEqual([]);
  });
});
