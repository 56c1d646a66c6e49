import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { at, publishedCoach } from '../support/coaches';
import type { TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

const PHONE = { width: 390, height: 844 } as const;

let stack: TestStack;
let browser: Browser;
let mentor: SignedInUser;
let mentee: SignedInUser;
const account = `casey-${Date.now().toString(36)}@hospital.example`;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
  [mentor, mentee] = await Promise.all([
    publishedCoach(stack.config, { payments: false }),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
  // Times on screen are in the viewer's zone: UTC, like the stand-in's event.
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(mentee.userId),
      UpdateExpression: 'SET #zone = :utc',
      ExpressionAttributeNames: { '#zone': 'timezone' },
      ExpressionAttributeValues: { ':utc': 'UTC' },
    }),
  );
});

afterAll(() => stopBrowserStack({ stack, browser }));

const signedIn = (user: SignedInUser, viewport: { width: number; height: number } = VIEWPORTS.desktop) =>
  signedInPage({ stack, browser }, user.email, { viewport });

const calendarsCard = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Calendars', exact: true }) })
    .last();

describe("a mentor's own calendar", () => {
  it('connects Google through the consent page, shows the card connected and saves the chosen calendars', async () => {
    const { page, errors } = await signedIn(mentor);
    try {
      await page.goto(`${stack.webUrl}/settings?tab=coaching`, { waitUntil: 'networkidle' });
      const connect = page.getByRole('button', { name: 'Connect Google Calendar' });
      await expect.poll(() => connect.count(), { timeout: 20_000 }).toBe(1);
      await connect.click();
      await page.waitForURL(/\/_local\/google\/oauth\/authorize/, { timeout: 20_000 });
      await page.getByLabel('Account e-mail').fill(account);
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForURL(/\/settings/, { timeout: 20_000 });
      await expect.poll(() => page.getByText('Calendar Connected').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const card = calendarsCard(page);
      await expect.poll(() => card.getByText('Google Calendar connected').count(), { timeout: 20_000 }).toBe(1);

      // The clinic rota blocks time too; bookings go there.
      const response = await fetch(`${stack.apiUrl}/_local/google/calendars/${encodeURIComponent(account)}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ summary: 'Clinic', start: at(2, 10), end: at(2, 11) }),
      });
      expect(response.status).toBe(201);
      const rota = card.getByRole('listitem').filter({ hasText: 'Clinic rota' });
      await rota.getByRole('checkbox', { name: 'Blocks my time' }).click();
      await rota.getByRole('radio', { name: 'Add bookings here' }).check();
      await card.getByRole('button', { name: 'Save calendars' }).click();
      await expect.poll(() => page.getByText('Calendars Saved').count(), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await card.screenshot({ path: `${SCREENSHOTS}/mentor-calendars-card-1280.png` });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
    // A sign-in, a consent round trip and a save: on a loaded two-core machine this outlasts the default.
  }, 240_000);

  it('lays the card out for a phone', async () => {
    const phone = await signedIn(mentor, PHONE);
    try {
      await phone.page.goto(`${stack.webUrl}/settings?tab=coaching`, { waitUntil: 'networkidle' });
      const card = calendarsCard(phone.page);
      await expect.poll(() => card.getByText('Google Calendar connected').count(), { timeout: 20_000 }).toBe(1);
      await card.screenshot({ path: `${SCREENSHOTS}/mentor-calendars-card-390.png` });
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.page.close();
    }
  });

  it('takes the busy time out of the slots a mentee sees', async () => {
    const { page, errors } = await signedIn(mentee);
    try {
      await page.goto(`${stack.webUrl}/coaches/${mentor.userId}`, { waitUntil: 'networkidle' });
      const length = page.getByRole('button', { name: /^30 minutes/ });
      await expect.poll(() => length.count(), { timeout: 20_000 }).toBe(1);
      await length.click();
      const day = page.locator(`[data-day="${at(2, 0).slice(0, 10)}"]`);
      await expect.poll(() => day.count(), { timeout: 20_000 }).toBe(1);
      await day.click();
      const times = page.getByRole('list', { name: 'Available times' });
      await expect.poll(() => times.getByRole('button', { name: /^11:00 AM,/ }).count(), { timeout: 20_000 }).toBe(1);
      expect(await times.getByRole('button', { name: /^10:00 AM,/ }).count()).toBe(0);
      expect(await times.getByRole('button', { name: /^10:30 AM,/ }).count()).toBe(0);
      expect(await times.getByRole('button', { name: /^9:30 AM,/ }).count()).toBe(1);
      await page.screenshot({ path: `${SCREENSHOTS}/mentor-calendars-slots-1280.png` });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
