import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOTS,
  seriousAccessibilityViolations,
  startBrowserStack,
  stopBrowserStack,
  VIEWPORTS,
  signedInPage,
} from '../support/browser';
import { storedBooking } from '../support/bookings';
import { at, publishedCoach } from '../support/coaches';
import type { TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

/** The issue asks for a 390 px phone. */
const PHONE = { width: 390, height: 844 } as const;
const MARKUP = '<img src=x onerror=alert(1)>';

let stack: TestStack;
let browser: Browser;
let coach: SignedInUser;
let mentee: SignedInUser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
  [coach, mentee] = await Promise.all([
    publishedCoach(stack.config, { payments: false, specialty: 'Cardiology' }),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
  await storedBooking({ coachId: coach.userId, menteeId: mentee.userId }, at(3, 14), { status: 'scheduled' });
});

afterAll(() => stopBrowserStack({ stack, browser }));

/** A signed-in page of its own, at `path`; it records any dialog a script opened. */
async function signedIn(user: SignedInUser, path: string, viewport: { width: number; height: number }) {
  const opened = await signedInPage({ stack, browser }, user.email, { viewport });
  const dialogs: string[] = [];
  opened.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await opened.page.goto(`${stack.webUrl}${path}`, { waitUntil: 'networkidle' });
  return { ...opened, dialogs };
}

const log = (page: Page) => page.getByRole('log');

async function lookedAt(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOTS}/messages-${name}.png`, fullPage: true });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

describe('messages between a mentee and their mentor', () => {
  it('mentee writes from the session card, the mentor sees the badge and replies, the mentee sees it within 5 s', async () => {
    const menteeSide = await signedIn(mentee, '/dashboard', VIEWPORTS.desktop);
    const menteePage = menteeSide.page;
    await menteePage
      .getByRole('link', { name: /^Message Casey Coach/ })
      .first()
      .click();
    const composer = menteePage.getByLabel('Message to Casey');
    await composer.fill(`Hi! My CV is at https://example.org/cv.pdf ${MARKUP}`);
    await expect.poll(() => menteePage.getByText(/\d+ \/ 4,000 characters/).count()).toBe(1);
    await menteePage.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => menteePage.url(), { timeout: 10_000 }).toMatch(/\/messages\/[0-9a-f]{32}$/);
    await expect.poll(() => log(menteePage).getByText(MARKUP, { exact: false }).count(), { timeout: 10_000 }).toBe(1);
    expect(await log(menteePage).locator('img').count()).toBe(0);
    const link = log(menteePage).getByRole('link', { name: 'https://example.org/cv.pdf' });
    expect(await link.getAttribute('href')).toBe('https://example.org/cv.pdf');
    expect(await composer.inputValue()).toBe('');

    const coachSide = await signedIn(coach, '/dashboard', VIEWPORTS.desktop);
    const coachPage = coachSide.page;
    const badgeLink = coachPage.getByRole('banner').getByRole('link', { name: 'Messages 1 unread' });
    await expect.poll(() => badgeLink.count(), { timeout: 10_000 }).toBe(1);
    await badgeLink.click();
    await coachPage.getByRole('link', { name: /Test Mentee/ }).click();
    await expect.poll(() => log(coachPage).getByText(MARKUP, { exact: false }).count(), { timeout: 10_000 }).toBe(1);
    expect(await log(coachPage).locator('img').count()).toBe(0);
    // Reading the thread clears the badge.
    await expect
      .poll(() => coachPage.getByRole('banner').getByRole('link', { name: 'Messages', exact: true }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await lookedAt(coachPage, 'thread-desktop');

    await coachPage.getByLabel('Message to Test').fill('Happy to look at it before Tuesday.');
    await coachPage.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => log(coachPage).getByText('Happy to look at it').count(), { timeout: 10_000 }).toBe(1);
    const repliedAt = Date.now();
    await expect
      .poll(() => log(menteePage).getByText('Happy to look at it before Tuesday.').count(), { timeout: 5_000 })
      .toBe(1);
    expect(Date.now() - repliedAt).toBeLessThan(5_000);

    expect(menteeSide.dialogs).toEqual([]);
    expect(coachSide.dialogs).toEqual([]);
    expect([...menteeSide.errors, ...coachSide.errors]).toEqual([]);
    await menteePage.close();
    await coachPage.close();
  });

  it('is two screens on a phone, keeps a draft, and passes axe at 390 px', async () => {
    const { page, errors } = await signedIn(mentee, '/messages', PHONE);
    await expect.poll(() => page.getByRole('link', { name: /Casey Coach/ }).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('log').count()).toBe(0);
    await lookedAt(page, 'list-phone');

    await page.getByRole('link', { name: /Casey Coach/ }).click();
    await expect.poll(() => log(page).getByTestId('message').count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByRole('region', { name: 'Conversations' }).isVisible()).toBe(false);
    await page.getByLabel('Message to Casey').fill('A draft I have not sent');
    await lookedAt(page, 'thread-phone');

    await page.getByRole('link', { name: 'All messages' }).click();
    await page.getByRole('link', { name: /Casey Coach/ }).click();
    await expect
      .poll(() => page.getByLabel('Message to Casey').inputValue(), { timeout: 10_000 })
      .toBe('A draft I have not sent');

    await page.goto(`${stack.webUrl}/coaches/${coach.userId}`, { waitUntil: 'networkidle' });
    const message = page.getByRole('link', { name: 'Message Casey Coach' });
    await expect.poll(() => message.count(), { timeout: 10_000 }).toBe(1);
    expect(await message.getAttribute('href')).toBe(`/messages?with=${coach.userId}`);
    await lookedAt(page, 'coach-page-phone');
    expect(errors).toEqual([]);
    await page.close();
  });
});
