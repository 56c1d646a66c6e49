import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import {
  openPage,
  SCREENSHOTS,
  seriousAccessibilityViolations,
  startBrowserStack,
  stopBrowserStack,
  VIEWPORTS,
  signedInPage,
} from '../support/browser';
import { publishedCoach } from '../support/coaches';
import type { TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;
let browser: Browser;
let coach: SignedInUser;
let mentee: SignedInUser;
const calendlyUrl = `https://calendly.com/casey-${Date.now().toString(36)}`;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
  [coach, mentee] = await Promise.all([
    publishedCoach(stack.config, { payments: true }),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(coach.userId),
      UpdateExpression: 'SET calendlyUrl = :url',
      ExpressionAttributeValues: { ':url': calendlyUrl },
    }),
  );
});

afterAll(() => stopBrowserStack({ stack, browser }));

const signedIn = (user: SignedInUser) => signedInPage({ stack, browser }, user.email);

describe('booking through a coach’s external calendar', () => {
  it('lets the coach connect Calendly from the coaching settings', async () => {
    const { page, errors } = await signedIn(coach);
    try {
      await page.goto(`${stack.webUrl}/settings`, { waitUntil: 'networkidle' });
      const connect = page.getByRole('button', { name: 'Connect Calendly' });
      await expect.poll(() => connect.count(), { timeout: 20_000 }).toBe(1);
      await connect.click();
      await page.waitForURL(/\/_local\/calendly\/authorize/, { timeout: 20_000 });
      await page.getByLabel('Your Calendly link').fill(calendlyUrl);
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL(/\/settings/, { timeout: 20_000 });
      await expect.poll(() => page.getByText('Calendly Connected').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await expect
        .poll(() => page.getByText('Calendly connected', { exact: true }).count(), { timeout: 20_000 })
        .toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('asks a signed-out viewer to sign in after scheduling', async () => {
    const { page, errors } = await openPage(browser, `${stack.webUrl}/coaches/${coach.userId}`, VIEWPORTS.desktop);
    try {
      const schedule = page
        .frameLocator('iframe[title^="Booking calendar of"]')
        .getByRole('button', { name: /^Schedule / })
        .first();
      await expect.poll(() => schedule.count(), { timeout: 20_000 }).toBe(1);
      await schedule.click();
      const dialog = page.getByRole('dialog', { name: 'Login Required' });
      await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(1);
      expect(await page.getByRole('dialog', { name: 'Confirm Booking' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('schedules in the embed, confirms the event read from the calendar and pays for it', async () => {
    const { page, errors } = await signedIn(mentee);
    try {
      await page.goto(`${stack.webUrl}/coaches/${coach.userId}`, { waitUntil: 'networkidle' });
      const embed = page.frameLocator('iframe[title^="Booking calendar of"]');
      const schedule = embed.getByRole('button', { name: /^Schedule / }).first();
      await expect.poll(() => schedule.count(), { timeout: 20_000 }).toBe(1);
      await schedule.click();

      const dialog = page.getByRole('dialog', { name: 'Confirm Booking' });
      await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(1);
      expect(await dialog.getByText('External calendar', { exact: true }).count()).toBe(1);
      expect(await dialog.getByText('30 Minute Meeting', { exact: true }).count()).toBe(1);
      expect(await dialog.getByText('30 minutes', { exact: true }).count()).toBe(1);
      expect(await dialog.getByText('$60', { exact: true }).count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/external-calendar-confirm.png` });

      const popup = page.waitForEvent('popup');
      await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
      const checkout = await popup;
      // The tab opens before the booking (the calendar event read again, then Checkout) answers: on a busy
      // machine that call alone can take most of 20 s.
      await checkout.waitForURL(/\/_local\/stripe\/checkout/, { timeout: 45_000 });
      await checkout.getByRole('button', { name: /^Pay \$60/ }).click();
      await checkout.waitForURL(/\/payment-success\?session_id=/, { timeout: 45_000 });
      await expect
        .poll(() => checkout.getByRole('heading', { level: 1, name: 'Payment Successful!' }).count(), {
          timeout: 20_000,
        })
        .toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
