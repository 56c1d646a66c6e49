import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/data/client';
import { profileRow } from '../../functions/data/profiles';
import type { ProfileItem } from '../../functions/domain/profile-item';
import { followUpAttribute, type SessionItem } from '../../functions/domain/session-item';
import { createBooking, getSession } from '../../functions/data/sessions';
import { timeBlocks } from '../../functions/data/time-claims';
import {
  startBrowserStack,
  stopBrowserStack,
  openPage,
  SCREENSHOTS,
  seriousAccessibilityViolations,
  VIEWPORTS,
  signedInAtDashboard,
} from '../support/browser';
import type { TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUser } from '../support/users';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

let stack: TestStack;
let browser: Browser;
let coach: SignedInUser;
/** The mentor of the session whose outcome is open: a free consultation of its own pair. */
let otherCoach: SignedInUser;
let mentee: SignedInUser;
const sessions: Record<string, SessionItem> = {};

/** Whole seconds, on a quarter hour, `offsetMs` from now. */
const quarterFromNow = (offsetMs: number) => {
  const quarter = 15 * MINUTE_MS;
  return new Date(Math.floor((Date.now() + offsetMs) / quarter) * quarter).toISOString().replace('.000Z', 'Z');
};

async function profile(user: SignedInUser, fields: Partial<ProfileItem> & Pick<ProfileItem, 'userType'>) {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: profileRow({
        userId: user.userId,
        email: user.email,
        published: false,
        firstName: 'Test',
        lastName: 'User',
        timezone: 'America/New_York',
        createdAt: '2026-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
        ...fields,
      }),
    }),
  );
}

async function stored(name: string, startOffsetMs: number, minutes: number, fields: Partial<SessionItem> = {}) {
  const start = quarterFromNow(startOffsetMs);
  const end = new Date(Date.parse(start) + minutes * MINUTE_MS).toISOString().replace('.000Z', 'Z');
  const now = new Date().toISOString();
  const session: SessionItem = {
    id: randomUUID(),
    coachId: coach.userId,
    menteeId: mentee.userId,
    start,
    end,
    durationMinutes: minutes,
    priceCents: minutes * 200,
    platformFeeCents: minutes * 20,
    status: 'scheduled',
    sessionType: 'one-time',
    isFreeConsultation: false,
    bookingMethod: 'slot',
    claimedBlocks: timeBlocks(start, end),
    meetingUrl: `${stack.webUrl}/_local/zoom/j/${Math.floor(Math.random() * 1e9)}`,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
  await createBooking(session, new Date());
  sessions[name] = session;
}

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
  [coach, mentee, otherCoach] = await Promise.all([
    signedInUser(stack.config),
    signedInUser(stack.config),
    signedInUser(stack.config),
  ]);
  await profile(coach, {
    userType: 'mentor',
    firstName: 'Dana',
    lastName: 'Reyes',
    credentials: 'MD, MBA',
    specialty: 'Emergency Medicine',
  });
  await profile(otherCoach, {
    userType: 'mentor',
    firstName: 'Lee',
    lastName: 'Chen',
    credentials: 'MD',
    specialty: 'Pediatrics',
  });
  await profile(mentee, {
    userType: 'mentee',
    firstName: 'Sam',
    lastName: 'Patel',
    credentials: 'DO',
    specialty: 'Internal Medicine',
  });
  await stored('upcoming', 3 * DAY_MS, 60);
  await stored('coachCancels', 5 * DAY_MS, 30);
  await stored('later', 10 * DAY_MS, 60);
  await stored('soon', 40 * MINUTE_MS, 15, {
    status: 'confirmed',
    isFreeConsultation: true,
    priceCents: 0,
    platformFeeCents: 0,
    meetingUrl: null,
    meetingNote: 'Your mentor has not connected Zoom; they will send you the meeting link before the session.',
  });
  // 45 minutes from a quarter at least 15 minutes back: live now, and never overlapping 'soon'.
  await stored('live', -15 * MINUTE_MS, 45);
  // Ended but never completed: its completion was scheduled once and that job was lost. Shown as
  // past by the clock; past its outcome window (48 hours after its end) it was delivered, and rating it completes it.
  await stored('ended', -3 * DAY_MS, 60, {
    [followUpAttribute('schedule:completeSession')]: { doneAt: new Date().toISOString() },
  });
  // A free consultation that ended two hours ago: its outcome is open, and the mentor never joined.
  await stored('awaiting', -3 * HOUR_MS, 30, {
    coachId: otherCoach.userId,
    status: 'completed',
    isFreeConsultation: true,
    priceCents: 0,
    platformFeeCents: 0,
    menteeJoinedAt: new Date(Date.now() - 3 * HOUR_MS).toISOString(),
  });
  await stored('cancelled', -4 * DAY_MS, 30, {
    status: 'cancelled',
    cancellationReason: 'Family emergency',
    cancelledBy: 'coach',
  });
});

afterAll(() => stopBrowserStack({ stack, browser }));

const signedIn = (user: SignedInUser, viewport: { width: number; height: number } = VIEWPORTS.desktop) =>
  signedInAtDashboard({ stack, browser }, user.email, viewport);

/** One session's card, checked to name the other party. */
const card = (page: Page, session: SessionItem, otherParty: RegExp) =>
  page
    .locator(`[aria-labelledby="session-${session.id}-heading"]`)
    .filter({ has: page.getByRole('heading', { name: otherParty }) });

const section = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

describe('the dashboard', () => {
  it('asks a signed-out visitor to log in', async () => {
    const { page } = await openPage(browser, `${stack.webUrl}/dashboard`, VIEWPORTS.desktop);
    try {
      await expect
        .poll(() => page.getByText('Please log in to view your sessions.').count(), { timeout: 20_000 })
        .toBe(1);
    } finally {
      await page.close();
    }
  });

  it('shows the mentee every status, rates the completed session and cancels one with a reason', async () => {
    const { page, errors } = await signedIn(mentee);
    try {
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('My sessions');
      const upcoming = section(page, 'Upcoming sessions');
      const past = section(page, 'Past sessions');
      await expect.poll(() => upcoming.getByTestId('session-card').count()).toBe(5);
      await expect.poll(() => past.getByTestId('session-card').count()).toBe(3);

      const statusOf = async (name: string) =>
        card(page, sessions[name] as SessionItem, /Dana Reyes/).getAttribute('data-status');
      expect(await statusOf('upcoming')).toBe('upcoming');
      expect(await statusOf('soon')).toBe('soon');
      expect(await statusOf('live')).toBe('active');
      expect(await statusOf('ended')).toBe('past');
      expect(await statusOf('cancelled')).toBe('cancelled');
      expect((await getSession((sessions.ended as SessionItem).id))?.status).toBe('scheduled');

      const live = card(page, sessions.live as SessionItem, /Dana Reyes/);
      expect(await live.getByText('Live Now').count()).toBe(1);
      expect(await live.getByRole('link', { name: /Join Session/ }).count()).toBe(1);
      expect(await live.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
      const soon = card(page, sessions.soon as SessionItem, /Dana Reyes/);
      expect(await soon.getByText('Free Consultation').count()).toBe(1);
      expect(await soon.getByText('Starting Soon').count()).toBe(1);
      expect(await soon.getByText(/has not connected Zoom/).count()).toBe(1);
      expect(await page.getByText('Online Session').count()).toBe(8);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Rate the session that ended; the server completes it first.
      const ended = card(page, sessions.ended as SessionItem, /Dana Reyes/);
      await ended.getByRole('button', { name: /^Rate session/ }).click();
      const rateDialog = page.getByRole('dialog', { name: 'Rate session' });
      await expect.poll(() => rateDialog.count()).toBe(1);
      const submitRating = rateDialog.getByRole('button', { name: 'Submit rating' });
      expect(await submitRating.isDisabled()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await rateDialog.locator('label').filter({ hasText: '4 stars' }).click();
      expect(await rateDialog.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
      await rateDialog.getByLabel('Review (optional)').fill('Practical advice on moving into informatics.');
      expect(await rateDialog.getByText(/44\/500 characters/).count()).toBe(1);
      await submitRating.click();
      await expect.poll(() => page.getByText('Thank you for your feedback!').count(), { timeout: 10_000 }).toBe(1);
      await expect
        .poll(() => ended.getByRole('img', { name: 'Rated 4.0 out of 5' }).count(), { timeout: 10_000 })
        .toBe(1);
      expect(await ended.getByRole('button', { name: /^Rate session/ }).count()).toBe(0);
      expect((await getSession((sessions.ended as SessionItem).id))?.status).toBe('completed');

      // The session that ended two hours ago asks how it went; the mentor never joined, so the
      // mentee's report decides it at once and gives the free consultation back.
      const awaiting = card(page, sessions.awaiting as SessionItem, /Lee Chen/);
      const outcome = awaiting.getByTestId('session-outcome');
      expect(await outcome.getAttribute('data-outcome')).toBe('pending');
      expect(await outcome.getByText('Awaiting outcome').count()).toBe(1);
      expect(await outcome.getByText(/Did the session take place\? Tell us by/).count()).toBe(1);
      expect(await awaiting.getByRole('button', { name: /^Rate session/ }).count()).toBe(0);
      await outcome.getByRole('button', { name: 'They did not show up' }).click();
      const noShowDialog = page.getByRole('dialog', { name: 'Report a no-show' });
      await expect.poll(() => noShowDialog.getByText(/you are refunded in full/).count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await noShowDialog.getByLabel('What happened (optional)').fill('I waited 20 minutes in the meeting.');
      await noShowDialog.screenshot({ path: `${SCREENSHOTS}/dashboard-report-no-show.png` });
      await noShowDialog.getByRole('button', { name: 'They did not show up' }).click();
      await expect.poll(() => page.getByText('Report sent').count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => outcome.getAttribute('data-outcome'), { timeout: 10_000 }).toBe('mentor_no_show');
      expect(await outcome.getByText('Mentor did not show up').count()).toBe(1);
      expect(await outcome.getByText('You said they did not show up.').count()).toBe(1);
      expect(await outcome.getByRole('button').count()).toBe(0);
      await awaiting.screenshot({ path: `${SCREENSHOTS}/dashboard-outcome-mentor-no-show.png` });
      expect((await getSession((sessions.awaiting as SessionItem).id))?.outcome).toBe('mentor_no_show');

      // Cancelling the free consultation that starts within 24 hours would use it up: the dialog says so.
      await soon.getByRole('button', { name: /^Cancel/ }).click();
      const lateDialog = page.getByRole('dialog', { name: 'Cancel session' });
      await expect.poll(() => lateDialog.getByText(/uses up your free consultation with this mentor/).count()).toBe(1);
      await lateDialog.screenshot({ path: `${SCREENSHOTS}/dashboard-cancel-late-free-consultation.png` });
      await lateDialog.getByRole('button', { name: 'Keep session' }).click();
      await expect.poll(() => lateDialog.count()).toBe(0);

      // Cancel the upcoming one: a reason is required first.
      // The dialog's overlay would dim a toast still on screen, which axe reads as low contrast.
      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
      const upcomingCard = card(page, sessions.upcoming as SessionItem, /Dana Reyes/);
      await upcomingCard.getByRole('button', { name: /^Cancel/ }).click();
      const cancelDialog = page.getByRole('dialog', { name: 'Cancel session' });
      await expect.poll(() => cancelDialog.count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await cancelDialog.getByRole('button', { name: 'Cancel session' }).click();
      await expect.poll(() => page.getByText('Reason Required').count(), { timeout: 10_000 }).toBe(1);
      await cancelDialog.getByLabel('Reason for cancelling').fill('I have a conflicting clinic shift.');
      await cancelDialog.getByRole('button', { name: 'Cancel session' }).click();
      await expect.poll(() => page.getByText('Session Cancelled').count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => statusOf('upcoming'), { timeout: 10_000 }).toBe('cancelled');
      expect((await getSession((sessions.upcoming as SessionItem).id))?.cancelledBy).toBe('mentee');

      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}/dashboard-mentee.png`, fullPage: true });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('shows the coach their sessions, the publish banner, and lets them cancel', async () => {
    const { page, errors } = await signedIn(coach);
    try {
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('My mentoring sessions');
      // The banner follows the profile's own request, which may answer after the sessions'.
      await expect.poll(() => page.getByText('Profile not published').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Publish profile' }).getAttribute('href')).toBe(
        '/settings?tab=coaching',
      );
      const ended = card(page, sessions.ended as SessionItem, /Sam Patel/);
      await expect.poll(() => ended.getByRole('img', { name: 'Rated 4.0 out of 5' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: /^Rate session/ }).count()).toBe(0);

      const target = card(page, sessions.coachCancels as SessionItem, /Sam Patel/);
      await target.getByRole('button', { name: /^Cancel/ }).click();
      const cancelDialog = page.getByRole('dialog', { name: 'Cancel session' });
      await cancelDialog.getByLabel('Reason for cancelling').fill('Called in for an ICU shift.');
      await cancelDialog.getByRole('button', { name: 'Cancel session' }).click();
      await expect.poll(() => page.getByText('Session Cancelled').count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => target.getAttribute('data-status'), { timeout: 10_000 }).toBe('cancelled');
      expect((await getSession((sessions.coachCancels as SessionItem).id))?.cancelledBy).toBe('coach');

      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}/dashboard-coach.png`, fullPage: true });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('loads older past sessions on demand', async () => {
    const veteran = await signedInUser(stack.config);
    await profile(veteran, { userType: 'mentee', firstName: 'Lee', lastName: 'Okafor' });
    // One page (20) and one more, a week apart and weeks back, clear of the other sessions' times.
    for (let week = 1; week <= 21; week++) {
      await stored(`veteran-${week}`, -(30 + week * 7) * DAY_MS, 30, { menteeId: veteran.userId, status: 'completed' });
    }
    const { page, errors } = await signedIn(veteran);
    try {
      const past = section(page, 'Past sessions');
      await expect.poll(() => past.getByTestId('session-card').count(), { timeout: 20_000 }).toBe(20);
      expect(await past.getByTestId('session-card').first().getAttribute('aria-labelledby')).toBe(
        `session-${(sessions['veteran-1'] as SessionItem).id}-heading`,
      );
      await past.getByRole('button', { name: 'Load more past sessions' }).click();
      await expect.poll(() => past.getByTestId('session-card').count(), { timeout: 20_000 }).toBe(21);
      expect(await past.getByTestId('session-card').last().getAttribute('aria-labelledby')).toBe(
        `session-${(sessions['veteran-21'] as SessionItem).id}-heading`,
      );
      expect(await past.getByRole('button', { name: 'Load more past sessions' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('fits a phone screen', async () => {
    const { page, errors } = await signedIn(mentee, VIEWPORTS.mobile);
    try {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SCREENSHOTS}/dashboard-mentee-mobile.png`, fullPage: true });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
