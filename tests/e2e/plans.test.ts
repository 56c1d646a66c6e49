import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MENTEE_EMAIL, DEMO_MENTOR_EMAIL, DEMO_PASSWORD } from '../../bin/local/seed';
import {
  SCREENSHOTS,
  seriousAccessibilityViolations,
  startBrowserStack,
  stopBrowserStack,
  VIEWPORTS,
  signedInPage,
} from '../support/browser';
import type { TestStack } from '../support/local-stack';

/**
 * Mentorship plans in the browser: the demo mentor (Morgan Ellis) offers a plan in Coach settings,
 * the demo mentee subscribes on the coach page and pays on the stand-in's Checkout, books a plan
 * session without Checkout, and both see the plan and the session on their dashboards.
 */

let stack: TestStack;
let browser: Browser;
/** The brief's phone width; the screenshots of each screen are taken at it and at desktop width. */
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ seed: true }));
});

afterAll(() => stopBrowserStack({ stack, browser }));

const signedIn = (email: string) => signedInPage({ stack, browser }, email, { password: DEMO_PASSWORD });

/** The element at desktop and phone width, each screenshot named after it. */
async function screenshotsOf(page: Page, locator: Locator, name: string) {
  await locator.scrollIntoViewIfNeeded();
  await locator.screenshot({ path: `${SCREENSHOTS}/${name}-1280.png` });
  await page.setViewportSize(PHONE);
  await locator.scrollIntoViewIfNeeded();
  await locator.screenshot({ path: `${SCREENSHOTS}/${name}-390.png` });
  await page.setViewportSize(VIEWPORTS.desktop);
}

const visible = async (locator: Locator, timeout = 20_000) =>
  expect.poll(() => locator.count(), { timeout }).toBeGreaterThan(0);

let coachPath: string;

describe('mentorship plans', () => {
  it('the coach offers a plan in Coach settings, and the directory marks and filters it', async () => {
    const { page, errors } = await signedIn(DEMO_MENTOR_EMAIL);
    try {
      await page.goto(`${stack.webUrl}/settings?tab=coaching`, { waitUntil: 'networkidle' });
      const card = page.getByRole('region', { name: 'Monthly plan' });
      await visible(card);
      // Out of range is refused in the form by the shared schema, before any request.
      await card.getByLabel('Monthly price (USD)').fill('5');
      await card.getByRole('button', { name: 'Save plan' }).click();
      await visible(card.getByText('The monthly price is at least $10.'));

      await card.getByLabel('Monthly price (USD)').fill('300');
      await card.getByLabel('Sessions per month').selectOption('2');
      await card.getByLabel('60 minutes').check();
      await card
        .getByLabel('Description')
        .fill('Two calls a month on your first leadership role, and messages between.');
      await card.getByRole('switch', { name: 'Offer a monthly plan' }).click();
      await visible(card.getByText('Monthly mentorship: 2 × 60 min a month, $300/month'));
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await card.getByRole('button', { name: 'Save plan' }).click();
      await visible(page.getByText('Plan Saved'), 10_000);
      await screenshotsOf(page, card, 'plan-settings-card');

      await stack.directorySettled();
      await page.goto(`${stack.webUrl}/coaches`, { waitUntil: 'networkidle' });
      await page.getByRole('checkbox', { name: 'Offers a monthly plan' }).click();
      await page.waitForURL((url) => url.searchParams.get('plan') === 'true');
      const bookLinks = page.getByRole('link', { name: /^Book Session with / });
      await expect
        .poll(async () => (await bookLinks.allTextContents()).length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);
      const names = await bookLinks.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
      // The seed's own plan (Adaeze Okafor) and the one just made; no mentor without one.
      expect(names.sort()).toEqual(['Book Session with Adaeze Okafor', 'Book Session with Morgan Ellis']);
      const morgan = page.getByRole('article').filter({ hasText: 'Morgan Ellis' });
      expect(await morgan.getByText('Monthly plan', { exact: true }).count()).toBe(1);
      await screenshotsOf(page, morgan, 'plan-directory-card');
      coachPath = (await page.getByRole('link', { name: 'Book Session with Morgan Ellis' }).getAttribute('href')) ?? '';
      expect(coachPath).toMatch(/^\/coaches\//);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('the mentee subscribes, pays on the stand-in Checkout, and books a plan session without Checkout', async () => {
    const { page, errors } = await signedIn(DEMO_MENTEE_EMAIL);
    try {
      await page.goto(`${stack.webUrl}${coachPath}`, { waitUntil: 'networkidle' });
      const offer = page.getByRole('region', { name: 'Monthly mentorship plan' });
      await visible(offer);
      expect(await offer.getByText('Monthly mentorship: 2 × 60 min a month, $300/month').count()).toBe(1);
      await visible(offer.getByRole('button', { name: 'Subscribe' }));
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshotsOf(page, offer, 'plan-coach-page-offer');

      await offer.getByRole('button', { name: 'Subscribe' }).click();
      await page.waitForURL(/\/_local\/stripe\/checkout/, { timeout: 20_000 });
      const checkoutUrl = page.url();
      // Leaving Checkout subscribes to nothing, and Subscribe then goes back to the same Checkout.
      await page.getByRole('button', { name: 'Cancel and go back' }).click();
      await page.waitForURL(/\/payment-cancelled\?subscription_id=/, { timeout: 20_000 });
      await visible(page.getByText('You have not subscribed to the plan.', { exact: false }));
      await page.goto(`${stack.webUrl}${coachPath}`, { waitUntil: 'networkidle' });
      await offer.getByRole('button', { name: 'Subscribe' }).click();
      await page.waitForURL(/\/_local\/stripe\/checkout/, { timeout: 20_000 });
      expect(page.url()).toBe(checkoutUrl);
      await page.getByRole('button', { name: /^Subscribe for \$300/ }).click();
      await page.waitForURL(/\/payment-success\?subscription_id=/, { timeout: 20_000 });
      await visible(page.getByRole('heading', { level: 1, name: 'Payment Successful!' }));
      // Active once the webhook has had the payment, which may come after the page loads.
      await expect.poll(() => page.getByText('Your monthly mentorship plan is active.').count()).toBe(1);
      await expect.poll(() => page.getByText('2 of 2', { exact: true }).count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/plan-payment-success.png`, fullPage: true });

      await page.getByRole('link', { name: 'Book a Session' }).click();
      await visible(page.getByText(/You are subscribed: 2 of 2 left this month/));
      const usePlan = page.getByRole('button', { name: 'Use my plan (2 of 2 left this month)' });
      await visible(usePlan);
      await usePlan.click();
      await expect.poll(() => usePlan.getAttribute('aria-pressed')).toBe('true');
      const times = page.getByRole('list', { name: 'Available times' });
      await visible(times);
      await screenshotsOf(page, page.getByRole('region', { name: 'Schedule a Session' }), 'plan-slot-picker');
      await times.getByRole('button').first().click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Booking' });
      await visible(dialog);
      expect(await dialog.getByText('Included in your plan').count()).toBe(1);
      expect(await dialog.getByText('60 minutes').count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
      await visible(page.getByText('Session Booked!'));
      await page.waitForURL(/\/dashboard$/, { timeout: 20_000 });

      const plans = page.getByRole('region', { name: 'Monthly plans' });
      await visible(plans.getByText('Sessions: 1 of 2 left this month'));
      expect(await plans.getByRole('heading', { level: 3, name: /^Morgan Ellis/ }).count()).toBe(1);
      const session = page
        .getByRole('region', { name: 'Upcoming sessions' })
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { level: 3, name: /^Morgan Ellis/ }) })
        .filter({ hasText: 'Monthly plan session' });
      await visible(session);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshotsOf(page, plans, 'plan-dashboard-mentee');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("the coach sees the plan and its session; the mentee cancels at the period's end", async () => {
    const coach = await signedIn(DEMO_MENTOR_EMAIL);
    try {
      await coach.page.goto(`${stack.webUrl}/dashboard`, { waitUntil: 'networkidle' });
      const plans = coach.page.getByRole('region', { name: 'Monthly plans' });
      await visible(plans.getByTestId('plan-card'));
      expect(await plans.getByTestId('plan-card').count()).toBe(1);
      expect(await plans.getByText('Sessions: 1 of 2 left this month').count()).toBe(1);
      expect(await plans.getByRole('button', { name: /^End plan/ }).count()).toBe(1);
      await visible(coach.page.getByRole('region', { name: 'Upcoming sessions' }).getByText('Monthly plan session'));
      expect(await seriousAccessibilityViolations(coach.page)).toEqual([]);
      await screenshotsOf(coach.page, plans, 'plan-dashboard-coach');
      expect(coach.errors).toEqual([]);
    } finally {
      await coach.page.close();
    }

    const { page, errors } = await signedIn(DEMO_MENTEE_EMAIL);
    try {
      await page.goto(`${stack.webUrl}/dashboard`, { waitUntil: 'networkidle' });
      const plans = page.getByRole('region', { name: 'Monthly plans' });
      await plans.getByRole('button', { name: /^Cancel plan/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel your plan?' });
      await visible(dialog);
      expect(await dialog.getByText(/stays active, with the sessions left this month, until/).count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel plan' }).click();
      await visible(page.getByText('Plan Cancelled'));
      await visible(plans.getByText('Ending', { exact: true }));
      expect(await plans.getByText(/^Ends on /).count()).toBe(1);
      expect(await plans.getByRole('button', { name: /^Cancel plan/ }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
