import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/data/client';
import { profileRow } from '../../functions/data/profiles';
import { followUpAttribute, type SessionItem } from '../../functions/domain/session-item';
import { getSession } from '../../functions/data/sessions';
import { storedBooking } from '../support/bookings';
import {
  SCREENSHOTS,
  seriousAccessibilityViolations,
  startBrowserStack,
  stopBrowserStack,
  VIEWPORTS,
  signedInAtDashboard,
} from '../support/browser';
import { at, publishedCoach } from '../support/coaches';
import type { TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUser } from '../support/users';

const HOUR_MS = 60 * 60_000;
/** The phone width. */
const PHONE = { width: 390, height: 844 };

let stack: TestStack;
let browser: Browser;
let coach: SignedInUser;
let mentee: SignedInUser;
const sessions: Record<string, SessionItem> = {};

/** A one-hour session between the two, starting on the hour `hoursAhead` from now (or an `at(...)` instant). */
const stored = async (name: string, start: string, fields: Partial<SessionItem> = {}) => {
  sessions[name] = await storedBooking({ coachId: coach.userId, menteeId: mentee.userId }, start, fields);
};
const onTheHour = (hoursAhead: number) =>
  new Date(Math.ceil((Date.now() + hoursAhead * HOUR_MS) / HOUR_MS) * HOUR_MS).toISOString().replace('.000Z', 'Z');

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
  coach = await publishedCoach(stack.config, { payments: true });
  mentee = await signedInUser(stack.config);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: profileRow({
        userId: mentee.userId,
        email: mentee.email,
        userType: 'mentee',
        published: false,
        firstName: 'Sam',
        lastName: 'Patel',
        timezone: 'America/New_York',
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
      }),
    }),
  );
  await stored('menteeMoves', at(3, 15));
  await stored('coachMoves', at(5, 15));
  await stored('tooSoon', onTheHour(20));
  // Past its outcome window too (48 hours after its end): delivered, so rateable.
  await stored('ended', at(-3, 15), {
    [followUpAttribute('schedule:completeSession')]: { doneAt: new Date().toISOString() },
  });
  await stack.jobsSettled();
}, 240_000);

afterAll(() => stopBrowserStack({ stack, browser }));

const signedIn = (user: SignedInUser, viewport: { width: number; height: number }) =>
  signedInAtDashboard({ stack, browser }, user.email, viewport);

const card = (page: Page, name: string) =>
  page.locator(`[aria-labelledby="session-${(sessions[name] as SessionItem).id}-heading"]`);

const focusKey = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-focus-key') ?? null);

/** Picks the first time of the dialog's slot calendar, after paging a week on to show the strip keeps them together. */
async function moveInDialog(page: Page, reason: string, shot: string) {
  const dialog = page.getByRole('dialog', { name: 'Reschedule session' });
  await expect.poll(() => dialog.getByRole('list', { name: 'Available times' }).count(), { timeout: 20_000 }).toBe(1);
  await dialog.getByRole('button', { name: 'Next week' }).click();
  // The day whose times are shown is one the strip shows, and it is chosen.
  const heading = (await dialog.locator('#available-times').textContent()) ?? '';
  const day = heading.replace('Available times on ', '');
  expect(await dialog.getByRole('radio', { name: new RegExp(`^${day}`), checked: true }).count()).toBe(1);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/${shot}-picker.png` });
  const firstTime = dialog.getByRole('list', { name: 'Available times' }).getByRole('button').first();
  const label = (await firstTime.getAttribute('aria-label')) ?? '';
  await firstTime.click();
  await dialog.getByLabel('Reason for rescheduling').fill(reason);
  await page.screenshot({ path: `${SCREENSHOTS}/${shot}-confirm.png` });
  await dialog.getByRole('button', { name: 'Confirm new time' }).click();
  await expect.poll(() => dialog.count(), { timeout: 20_000 }).toBe(0);
  return label;
}

describe('rescheduling from the dashboard', () => {
  it('lets the mentee move a session and says when the policy does not', async () => {
    const { page, errors } = await signedIn(mentee, VIEWPORTS.desktop);
    try {
      const tooSoon = card(page, 'tooSoon').getByRole('button', { name: /^Reschedule/ });
      expect(await tooSoon.isDisabled()).toBe(true);
      expect(
        await card(page, 'tooSoon').getByText('Sessions can be moved up to 24 hours before they start.').count(),
      ).toBe(1);
      expect(
        await card(page, 'ended')
          .getByRole('button', { name: /^Reschedule/ })
          .count(),
      ).toBe(0);

      await card(page, 'menteeMoves')
        .getByRole('button', { name: /^Reschedule/ })
        .click();
      const picked = await moveInDialog(page, 'My clinic shift moved', 'reschedule-mentee');
      const note = card(page, 'menteeMoves').getByTestId('reschedule-note');
      await expect
        .poll(() => note.textContent(), { timeout: 20_000 })
        .toBe('Rescheduled by you (1 of 2): My clinic shift moved');
      const moved = await getSession((sessions.menteeMoves as SessionItem).id);
      expect(moved?.rescheduleCount).toBe(1);
      expect(moved?.start).not.toBe(at(3, 15));
      expect(picked).toContain(', ');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/reschedule-mentee-dashboard.png`, fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('lets the coach move a session on a phone, and the mentee sees who moved it', async () => {
    const { page, errors } = await signedIn(coach, PHONE);
    try {
      await card(page, 'coachMoves')
        .getByRole('button', { name: /^Reschedule/ })
        .click();
      await moveInDialog(page, 'Called in for a surgery', 'reschedule-coach-mobile');
      await expect
        .poll(() => card(page, 'coachMoves').getByTestId('reschedule-note').textContent(), { timeout: 20_000 })
        .toBe('Rescheduled by you (1 of 2): Called in for a surgery');
      await page.screenshot({ path: `${SCREENSHOTS}/reschedule-coach-mobile-dashboard.png`, fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
    const { page: menteePage } = await signedIn(mentee, VIEWPORTS.desktop);
    try {
      await expect
        .poll(() => card(menteePage, 'coachMoves').getByTestId('reschedule-note').textContent())
        .toBe('Rescheduled by Casey Coach, MD (1 of 2): Called in for a surgery');
    } finally {
      await menteePage.close();
    }
  });

  it('returns the focus to what opened each dialog when it is closed with Escape', async () => {
    const { page } = await signedIn(mentee, VIEWPORTS.desktop);
    try {
      const dialogs = [
        { name: 'coachMoves', button: /^Reschedule/, dialog: 'Reschedule session', key: 'reschedule' },
        { name: 'coachMoves', button: /^Cancel/, dialog: 'Cancel session', key: 'cancel' },
        { name: 'ended', button: /^Rate session/, dialog: 'Rate session', key: 'rate' },
      ];
      for (const each of dialogs) {
        await card(page, each.name).getByRole('button', { name: each.button }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByRole('dialog', { name: each.dialog }).count()).toBe(1);
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        await expect.poll(() => focusKey(page)).toBe(`${each.key}-${(sessions[each.name] as SessionItem).id}`);
      }

      await page.goto(`${stack.webUrl}/coaches/${coach.userId}`, { waitUntil: 'networkidle' });
      const times = page.getByRole('list', { name: 'Available times' });
      await expect.poll(() => times.count(), { timeout: 20_000 }).toBe(1);
      await times.getByRole('button').first().focus();
      const slotKey = await focusKey(page);
      expect(slotKey).toMatch(/^slot-/);
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('dialog', { name: 'Confirm Booking' }).count()).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => focusKey(page)).toBe(slotKey);
    } finally {
      await page.close();
    }
  });
});
