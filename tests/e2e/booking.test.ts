import type { Browser, Locator, Page } from 'playwright-core';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOTS_EDGE_STALE_MS } from '../../functions/http/edge-cache';
import { readMailbox } from '../../bin/local/mailbox';
import { DEMO_MENTEE_EMAIL, DEMO_PASSWORD } from '../../bin/local/seed';
import {
  startBrowserStack,
  stopBrowserStack,
  SCREENSHOTS,
  seriousAccessibilityViolations,
  signedInPage,
} from '../support/browser';
import type { TestStack } from '../support/local-stack';

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ seed: true }));
});

afterAll(() => stopBrowserStack({ stack, browser }));

const signedInMentee = () => signedInPage({ stack, browser }, DEMO_MENTEE_EMAIL, { password: DEMO_PASSWORD });

/** Picks a session length and the `index`-th offered time on the open mentor page, and answers the dialog. */
async function pickOfferedTime(page: Page, length: RegExp, index: number) {
  const lengthButton = page.getByRole('button', { name: length });
  await expect.poll(() => lengthButton.count(), { timeout: 20_000 }).toBe(1);
  await lengthButton.click();
  const times = page.getByRole('list', { name: 'Available times' });
  await expect.poll(() => times.count(), { timeout: 20_000 }).toBe(1);
  const time = times.getByRole('button').nth(index);
  pickedTimes.set(page, (await time.textContent()) ?? '');
  await time.click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Booking' });
  await expect.poll(() => dialog.count()).toBe(1);
  return dialog;
}

/** Opens a mentor's page from a fresh load of the directory, then picks a time. */
async function pickTime(page: Page, mentor: string, length: RegExp, index: number) {
  await page.goto(`${stack.webUrl}/coaches?q=${mentor}`, { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: new RegExp(`^Book Session with ${mentor}`) }).click();
  return pickOfferedTime(page, length, index);
}

/** The label of the time each page last picked. */
const pickedTimes = new WeakMap<Page, string>();

/** Proceeds to payment and answers with the checkout page that opens in a new tab. */
async function checkoutTab(page: Page, mentor: string, index: number): Promise<Page> {
  const dialog = await pickTime(page, mentor, /^30 minutes/, index);
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
  const checkout = await popup;
  await checkout.waitForURL(/\/_local\/stripe\/checkout/, { timeout: 20_000 });
  await expect.poll(() => page.getByText('Redirecting to Payment').count(), { timeout: 10_000 }).toBeGreaterThan(0);
  return checkout;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses++) {
    if ((await target.count()) === 1 && (await isFocused(target))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

describe('booking a mentor', () => {
  it('books a free consultation, shows it on the dashboard at once and e-mails both parties', async () => {
    const { page, errors } = await signedInMentee();
    try {
      // Everything happens inside the app, so the dashboard read below is still in its cache when
      // the booking is made: only invalidating it shows the new session.
      // The demo seed gives the demo mentee past sessions (the finance demo month), so only the
      // upcoming section's count before and after the booking says whether the new one shows.
      const mentorSessions = page
        .getByRole('region', { name: 'Upcoming sessions' })
        .getByRole('heading', { level: 3, name: /^Adaeze Okafor/ });
      await page.getByRole('link', { name: 'My Sessions' }).click();
      const loaded = page.getByRole('heading', { level: 2, name: /^(Upcoming sessions|No sessions found)/ });
      await expect.poll(() => loaded.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const before = await mentorSessions.count();

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find a Mentor' }).click();
      await page.getByLabel('Search mentors').fill('Adaeze');
      const bookLink = page.getByRole('link', { name: /^Book Session with Adaeze/ });
      await expect.poll(() => bookLink.count(), { timeout: 20_000 }).toBe(1);
      await bookLink.click();
      const dialog = await pickOfferedTime(page, /Free Consult/, 0);
      expect(await dialog.getByText('FREE', { exact: true }).count()).toBe(1);
      await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
      await expect.poll(() => page.getByText('Free Consultation Booked!').count(), { timeout: 10_000 }).toBe(1);
      await page.waitForURL(/\/dashboard$/, { timeout: 10_000 });
      await expect.poll(() => mentorSessions.count(), { timeout: 5_000 }).toBe(before + 1);

      // The e-mails follow in the finishBooking job, after the booking's answer.
      await stack.jobsSettled();
      const mails = await readMailbox(stack.mailboxFile);
      const confirmation = mails.find(
        (mail) => mail.to === DEMO_MENTEE_EMAIL && mail.subject.startsWith('Session confirmed'),
      );
      expect(confirmation?.attachments?.[0]?.filename).toBe('session.ics');
      expect(mails.filter((mail) => mail.subject.startsWith('Session confirmed'))).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('books a free consultation with the keyboard alone: one tab stop per group, arrow keys within', async () => {
    const { page, errors } = await signedInMentee();
    try {
      await page.goto(`${stack.webUrl}/coaches?q=Helen`, { waitUntil: 'networkidle' });
      const mentorPath = await page.getByRole('link', { name: /^Book Session with Helen/ }).getAttribute('href');
      await page.goto(`${stack.webUrl}${mentorPath}`, { waitUntil: 'networkidle' });

      await tabTo(page, page.getByRole('button', { name: /Free Consult/ }));
      await page.keyboard.press('Enter');
      const times = page.getByRole('list', { name: 'Available times' });
      await expect.poll(() => times.count(), { timeout: 20_000 }).toBe(1);

      const chosenDay = page.getByRole('radio', { checked: true });
      await tabTo(page, chosenDay);
      const firstDay = (await chosenDay.getAttribute('data-day')) as string;
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => chosenDay.getAttribute('data-day')).not.toBe(firstDay);
      expect(await isFocused(chosenDay)).toBe(true);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => chosenDay.getAttribute('data-day')).toBe(firstDay);
      const longDay = DateTime.fromISO(firstDay).toFormat('cccc, LLLL d, yyyy');
      const status = page.getByRole('status').filter({ hasText: `on ${longDay}` });
      await expect.poll(() => status.textContent()).toMatch(/^\d+ available times? on /);

      // The next Tab leaves the strip for the times, which are one tab stop too.
      await page.keyboard.press('Tab');
      const timeButtons = times.getByRole('button');
      expect(await isFocused(timeButtons.first())).toBe(true);
      await page.keyboard.press('ArrowRight');
      const second = timeButtons.nth(1);
      expect(await isFocused(second)).toBe(true);
      expect(await second.getAttribute('aria-label')).toBe(`${await second.textContent()}, ${longDay}`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Confirm Booking' });
      await expect.poll(() => dialog.count()).toBe(1);
      await tabTo(page, dialog.getByRole('button', { name: 'Confirm Booking' }));
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByText('Free Consultation Booked!').count(), { timeout: 10_000 }).toBe(1);
      await page.waitForURL(/\/dashboard$/, { timeout: 10_000 });
      await expect
        .poll(() => page.getByRole('heading', { level: 3, name: /^Helen / }).count(), { timeout: 10_000 })
        .toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('pays for a session through the local checkout and shows the success page', async () => {
    const { page, errors } = await signedInMentee();
    try {
      const dialog = await pickTime(page, 'Daniel', /^30 minutes/, 0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/booking-confirm-paid.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      const checkout = await checkoutTab(page, 'Daniel', 0);
      await checkout.getByRole('button', { name: /^Pay \$/ }).click();
      await checkout.waitForURL(/\/payment-success\?session_id=/, { timeout: 20_000 });
      await expect.poll(() => heading(checkout, 'Payment Successful!').count(), { timeout: 20_000 }).toBe(1);
      for (const label of ['Mentor', 'Date', 'Time', 'Duration', 'Total paid']) {
        expect(await checkout.getByText(label, { exact: true }).count()).toBe(1);
      }
      expect(await checkout.getByRole('link', { name: 'View My Sessions' }).count()).toBe(1);
      expect(await checkout.getByRole('link', { name: 'Book Another Session' }).count()).toBe(1);
      expect(await seriousAccessibilityViolations(checkout)).toEqual([]);
      await checkout.screenshot({ path: `${SCREENSHOTS}/payment-success.png`, fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('shows Payment Cancelled when the payer leaves checkout, and frees the time', async () => {
    const { page } = await signedInMentee();
    try {
      const checkout = await checkoutTab(page, 'Priya', 0);
      await checkout.getByRole('button', { name: 'Cancel and go back' }).click();
      await checkout.waitForURL(/\/payment-cancelled\?session_id=/, { timeout: 20_000 });
      await expect.poll(() => heading(checkout, 'Payment Cancelled').count(), { timeout: 20_000 }).toBe(1);
      // The held time is offered again.
      const first = page.getByRole('list', { name: 'Available times' }).getByRole('button').first();
      const heldTime = pickedTimes.get(page);
      // A visitor's slots may come from the edge for up to SLOTS_EDGE_STALE_MS after a change; a fresh load asks again.
      await expect
        .poll(
          async () => {
            await page.reload({ waitUntil: 'networkidle' });
            await page.getByRole('button', { name: /^30 minutes/ }).click();
            return first.textContent();
          },
          { timeout: SLOTS_EDGE_STALE_MS + 20_000, interval: 2_000 },
        )
        .toBe(heldTime);
      for (const name of ['Browse Coaches', 'Return Home', 'Contact support']) {
        expect(await checkout.getByRole('link', { name }).count()).toBe(1);
      }
      expect(await seriousAccessibilityViolations(checkout)).toEqual([]);
      await checkout.screenshot({ path: `${SCREENSHOTS}/payment-cancelled.png`, fullPage: true });
    } finally {
      await page.close();
    }
  });

  it('shows Payment Session Expired when the checkout lapses', async () => {
    const { page } = await signedInMentee();
    try {
      const checkout = await checkoutTab(page, 'Marcus', 0);
      await checkout.getByRole('button', { name: 'Let it expire' }).click();
      await checkout.waitForURL(/\/payment-cancelled\?session_id=/, { timeout: 20_000 });
      await expect.poll(() => heading(checkout, 'Payment Session Expired').count(), { timeout: 20_000 }).toBe(1);
      await checkout.screenshot({ path: `${SCREENSHOTS}/payment-expired.png`, fullPage: true });
    } finally {
      await page.close();
    }
  });

  it('sends a missing session id to the directory and an unknown one to Session not found', async () => {
    const { page } = await signedInMentee();
    try {
      await page.goto(`${stack.webUrl}/payment-success`, { waitUntil: 'networkidle' });
      await page.waitForURL(/\/coaches$/);
      await page.goto(`${stack.webUrl}/payment-success?session_id=no-such-session`, { waitUntil: 'networkidle' });
      await expect.poll(() => heading(page, 'Session not found').count(), { timeout: 20_000 }).toBe(1);
    } finally {
      await page.close();
    }
  });
});
