/**
 * What a new user met walking every journey (issue 29), each checked in the browser the way they met it.
 * One stack for the whole file: each e2e file starts its own.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailbox } from '../../bin/local/mailbox';
import { appendLedgerEntry } from '../../functions/data/ledger';
import { followUpEntry, paymentEntry } from '../../functions/domain/ledger';
import { FINANCE_GROUP } from '../../functions/http/finance';
import {
  openPage,
  SCREENSHOTS,
  seriousAccessibilityViolations,
  startBrowserStack,
  stopBrowserStack,
  expectVisible,
  toastOn,
  signInAs,
  signedInPage,
} from '../support/browser';
import { at, mentorProfile, publishedCoach, storeProfile } from '../support/coaches';
import { withAuthenticatorMfa } from '../support/authenticator';
import type { TestStack } from '../support/local-stack';
import { mailedLink } from '../support/mailed-link';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
type Viewport = typeof DESKTOP;

let stack: TestStack;
let browser: Browser;
/** Published, with a finished payment account and a free consultation of 30 minutes. */
let coach: SignedInUser;
let mentee: SignedInUser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ seed: true }));
  coach = await publishedCoach(stack.config, { payments: true });
  mentee = await signedInUserWithProfile(stack.config, 'mentee');
});

afterAll(() => stopBrowserStack({ stack, browser }));

const open = (path: string, viewport: Viewport = DESKTOP) => openPage(browser, `${stack.webUrl}${path}`, viewport);

/** Toasts fade, and axe reads a half-transparent one as low contrast: it checks the page once they are gone. */
async function expectAccessible(page: Page) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 20_000 }).toBe(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

const shot = (page: Page, name: string, viewport: Viewport) =>
  page.screenshot({ path: `${SCREENSHOTS}/defects-${name}-${viewport.width}.png`, fullPage: true });

const signedIn = (user: { email: string }, path: string, viewport: Viewport = DESKTOP) =>
  signedInPage({ stack, browser }, user.email, { viewport, path });

/** The mentee books the test coach's time `days` ahead at `hour` UTC, free or paid. */
async function book(days: number, hour: number, freeConsultation: boolean): Promise<string> {
  const booked = await post(mentee, '/api/sessions', {
    coachId: coach.userId,
    start: at(days, hour),
    durationMinutes: 30,
    freeConsultation,
  });
  expect(booked.status).toBe(201);
  return ((await booked.json()) as { session: { id: string } }).session.id;
}

/** Scrolls the page to `y` and answers where it ended up. */
const scrolledTo = (page: Page, y: number) =>
  page.evaluate((top) => {
    window.scrollTo(0, top);
    return window.scrollY;
  }, y);

const post = (user: SignedInUser, path: string, body: unknown) =>
  fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('pages open at the top', () => {
  it('starts a newly loaded page at the top', async () => {
    const { page } = await open('/', PHONE);
    try {
      await expectVisible(page.getByRole('heading', { level: 1 }));
      // Until the app has rendered, its first scroll restoration may still move the page back to the top.
      await expect.poll(() => scrolledTo(page, 600), { timeout: 10_000 }).toBe(600);
      await page.goto(`${stack.webUrl}/about`, { waitUntil: 'networkidle' });
      await expectVisible(page.getByRole('heading', { level: 1 }));
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('restores where the reader was on back and forward within the app', async () => {
    const { page } = await open('/about', PHONE);
    try {
      await expectVisible(page.getByRole('heading', { level: 1 }));
      // A link in view down the page: the header is not sticky, so clicking its menu would first scroll the
      // page to the top (Playwright does, and so must a reader), and the top is then the place to come back to.
      const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      await expect.poll(() => scrolledTo(page, bottom), { timeout: 10_000 }).toBe(bottom);
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'How It Works' }).click();
      await page.waitForURL((url) => url.pathname === '/how-it-works');
      await expectVisible(page.getByRole('heading', { level: 1, name: /How/ }));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect.poll(() => scrolledTo(page, 300)).toBe(300);

      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/about');
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(bottom);
      await page.goForward();
      await page.waitForURL((url) => url.pathname === '/how-it-works');
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(300);
    } finally {
      await page.close();
    }
  });
});

describe('a new mentor signs up, confirms and sets up', () => {
  const email = `new-mentor-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'a-long-password-1';
  let page: Page;

  afterAll(() => page?.close());

  it('registers with a bio and 20+ years, confirms, and signs in with the address already filled in', async () => {
    ({ page } = await open('/register'));
    await page.getByRole('radio', { name: /Coach/ }).check();
    await page.getByLabel('First name').fill('Nadia');
    await page.getByLabel('Last name').fill('Haddad');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('Practice experience').selectOption('20+');
    await page.getByLabel('Hourly rate (USD)').fill('180');
    await page
      .getByLabel('Bio', { exact: true })
      .fill('Emergency physician turned hospital COO; I help clinicians into operations.');
    await page.getByRole('checkbox', { name: /terms of service/ }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectVisible(page.getByRole('heading', { name: 'Check your email' }));
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await shot(page, 'check-email', viewport);
    }
    await page.setViewportSize(DESKTOP);
    // The card's background reaches the footer: no white band below a short page.
    const band = await page.evaluate(() => {
      const main = document.querySelector('main') as HTMLElement;
      return (
        main.getBoundingClientRect().bottom -
        (main.querySelector('section') as HTMLElement).getBoundingClientRect().bottom
      );
    });
    expect(band).toBe(0);

    await page.goto(await mailedLink(stack.mailboxFile, email, /confirm/i));
    await page.waitForURL((url) => url.pathname === '/login');
    await expectVisible(toastOn(page, 'Email confirmed'));
    expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectVisible(toastOn(page, 'Welcome back!'));
  });

  it('finds the profile information done from the sign-up bio, and is sent to Availability instead of a refused Publish', async () => {
    await page.goto(`${stack.webUrl}/settings`, { waitUntil: 'networkidle' });
    await expectVisible(page.getByText('1 of 3 setup items done'));
    expect(await page.getByText('Missing:').count()).toBe(0);
    expect(await page.getByLabel('Coach bio').inputValue()).toContain('hospital COO');

    await page.getByRole('switch', { name: 'List my profile in the coach directory' }).click();
    const dialog = page.getByRole('dialog', { name: 'Finish your setup to publish' });
    await expectVisible(dialog);
    expect(await dialog.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await shot(page, 'publish-dialog', viewport);
    }
    await page.setViewportSize(DESKTOP);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Go to Availability' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('coaching-availability');
  });

  it('offers the sign-up experience choices in Settings, so 20+ can be chosen again', async () => {
    await page.getByRole('tab', { name: 'Profile' }).click();
    const experience = page.getByLabel('Years of practice');
    expect(await experience.inputValue()).toBe('20+');
    const choices = await experience
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    expect(choices).toEqual(['5-10', '10-15', '15-20', '20+']);
    await experience.selectOption('10-15');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expectVisible(toastOn(page, 'Profile Updated'));
    await experience.selectOption('20+');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => toastOn(page, 'Profile Updated').count()).toBeGreaterThan(0);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await shot(page, 'settings-experience', viewport);
    }
    await expectAccessible(page);
  });
});

describe('payment setup finished in the other tab', () => {
  it('moves Settings to "Payment account connected" when its tab is looked at again', async () => {
    const mentor = await signedInUserWithProfile(stack.config, 'mentor');
    const { page } = await signedIn(mentor, '/settings');
    const context = page.context();
    try {
      const providerTab = async (button: string) => {
        const opened = context.waitForEvent('page');
        await page.getByRole('button', { name: button }).click();
        const tab = await opened;
        await tab.waitForURL(/\/_local\/stripe\/onboarding/);
        return tab;
      };
      const leaving = await providerTab('Set up payment account');
      await leaving.getByRole('button', { name: 'Leave without finishing' }).click();
      await leaving.waitForURL((url) => url.pathname === '/settings');
      await leaving.close();
      await expectVisible(page.getByText('Setup incomplete'));

      // Onboarding an existing account again needs two-step verification on (issue 30).
      await withAuthenticatorMfa(stack.config, mentor);
      const finishing = await providerTab('Complete setup');
      await finishing.getByRole('button', { name: 'Complete onboarding' }).click();
      await finishing.waitForURL((url) => url.pathname === '/settings');
      await finishing.close();
      await page.bringToFront();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expectVisible(page.getByText('Payment account connected'));
    } finally {
      await page.close();
    }
  });
});

describe('a mentee books, and each party is told what concerns them', () => {
  it("e-mails the coach about a booking without telling them 'your mentor will share the link'", async () => {
    await book(2, 10, true);
    const mails = async () => (await readMailbox(stack.mailboxFile)).filter((m) => /Session confirmed/.test(m.subject));
    await expect
      .poll(async () => (await mails()).filter((m) => m.to === coach.email || m.to === mentee.email).length, {
        timeout: 20_000,
      })
      .toBe(2);
    const toCoach = (await mails()).find((m) => m.to === coach.email);
    const toMentee = (await mails()).find((m) => m.to === mentee.email);
    expect(toCoach?.text).not.toContain('Your mentor');
    expect(toCoach?.text).toContain('send your mentee a meeting link');
    expect(toMentee?.text).toContain('Your mentor will share the meeting link');
  });

  it('sets an abandoned checkout apart for the mentee, shows prices on the cards, and hides it from the coach', async () => {
    const sessionId = await book(3, 12, false);
    expect((await post(mentee, `/api/sessions/${sessionId}/abandon`, {})).status).toBe(200);

    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await signedIn(mentee, '/dashboard', viewport);
      try {
        const past = page.getByRole('region', { name: 'Past sessions' });
        await expectVisible(page.getByText('Not completed bookings (1)'));
        expect(await past.getByTestId('session-card').count()).toBe(0);
        const upcoming = page.getByRole('region', { name: 'Upcoming sessions' });
        await expectVisible(upcoming.getByText('Payment: Free', { exact: true }));
        await page.getByText('Not completed bookings (1)').click();
        await expectVisible(page.getByText('Payment: $60 · not paid', { exact: true }));
        await shot(page, 'dashboard-mentee', viewport);
        await expectAccessible(page);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }

    const { page } = await signedIn(coach, '/dashboard');
    try {
      await expectVisible(page.getByTestId('session-card'));
      expect(await page.getByTestId('session-card').count()).toBe(1);
      expect(await page.getByText(/Not completed bookings/).count()).toBe(0);
      await shot(page, 'dashboard-coach', DESKTOP);
    } finally {
      await page.close();
    }
  });
});

describe('the coach page', () => {
  it('brings a visitor who signs in from the login dialog back to the coach and the time they picked', async () => {
    const { page, errors } = await open(`/coaches/${coach.userId}`);
    try {
      await expectVisible(page.getByText('Login Required to Book Sessions'));
      const time = page.getByRole('list', { name: 'Available times' }).getByRole('button').first();
      await expectVisible(time);
      const picked = (await time.textContent()) ?? '';
      await time.click();
      await page.getByRole('dialog', { name: 'Login Required' }).getByRole('link', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await signInAs(page, mentee.email);
      await page.waitForURL((url) => url.pathname === `/coaches/${coach.userId}`);
      const dialog = page.getByRole('dialog', { name: 'Confirm Booking' });
      await expectVisible(dialog);
      expect(await dialog.textContent()).toContain(picked.trim().split(/\s+/)[0]);
      await shot(page, 'coach-page-back-from-sign-in', DESKTOP);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('shows a coach their own page as mentees see it, without booking controls', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await signedIn(coach, `/coaches/${coach.userId}`, viewport);
      try {
        await expectVisible(page.getByText('This is how mentees see your page'));
        expect(await page.getByRole('list', { name: 'Available times' }).count()).toBe(0);
        await shot(page, 'coach-own-page', viewport);
        await expectAccessible(page);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }
  });
});

describe('the directory', () => {
  it('counts the cards shown, and says when Load more brings more', async () => {
    for (let index = 0; index < 26; index++) {
      await storeProfile(
        mentorProfile(`listed-${index}-${randomUUID().slice(0, 6)}`, { firstName: 'Listed', hourlyRateCents: 9_000 }),
      );
    }
    await stack.directorySettled();
    const { page } = await open('/coaches');
    try {
      const count = page.getByRole('status').filter({ hasText: /^Showing/ });
      await expectVisible(count);
      const match = /^Showing 24 of (\d+) mentors\. Load more to see (\d+) more\.$/.exec(
        (await count.textContent()) ?? '',
      );
      expect(match).not.toBeNull();
      const [, total, more] = match as RegExpExecArray;
      expect(Number(more)).toBe(Number(total) - 24);
      expect(await page.getByRole('article').count()).toBe(24);
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => count.textContent(), { timeout: 20_000 }).toBe(`Showing ${total} of ${total} mentors`);
    } finally {
      await page.close();
    }
  });
});

describe('finance', () => {
  const ledgerCoachId = randomUUID();

  beforeAll(async () => {
    await storeProfile(mentorProfile(ledgerCoachId, { firstName: 'Ines', lastName: 'Okonkwo', published: false }));
    const payment = paymentEntry(
      {
        id: 'evt_dp',
        kind: 'checkoutPaid',
        at: '2026-02-10T15:00:00.000Z',
        checkoutId: 'cs_dp',
        sessionId: 'session-dp',
        paymentIntentId: 'pi_dp',
        amountCents: 15_000,
        livemode: false,
      },
      {
        paymentIntentId: 'pi_dp',
        chargeId: 'ch_dp',
        amountCents: 15_000,
        processingFeeCents: 465,
        currency: 'usd',
      },
      { sessionId: 'session-dp', coachId: ledgerCoachId, menteeId: mentee.userId, platformFeeCents: 1_500 },
    );
    const dispute = {
      paymentIntentId: 'pi_dp',
      chargeId: 'ch_dp',
      amountCents: 15_000,
      currency: 'usd',
      disputeId: 'dp_1',
      fees: [],
    };
    for (const entry of [
      payment,
      followUpEntry({ ...dispute, id: 'evt_do', kind: 'disputeOpened', at: '2026-02-12T09:00:00.000Z' }, payment),
      followUpEntry(
        { ...dispute, id: 'evt_dc', kind: 'disputeClosed', at: '2026-02-20T09:00:00.000Z', status: 'won' },
        payment,
      ),
    ])
      if (entry) await appendLedgerEntry(entry);
  });

  it('names each coach, finds one by name or id prefix, says a dispute was won, and names a reversed range', async () => {
    const finance = await signedInUserWithProfile(stack.config, 'mentee', [FINANCE_GROUP]);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await signedIn(finance, '/finance', viewport);
      try {
        const filters = page.getByRole('form', { name: 'Ledger filters' });
        await filters.getByLabel('From (UTC)').fill('2026-02-01');
        await filters.getByLabel('To (UTC)').fill('2026-02-28');
        await filters.getByLabel('Coach (name or id)').fill('okonk');
        await filters.getByRole('button', { name: 'Apply' }).click();
        const entries =
          viewport === DESKTOP
            ? page.getByRole('table', { name: 'Ledger entries' }).locator('tbody tr')
            : page.getByRole('list', { name: 'Ledger entries' }).getByRole('listitem');
        await expect.poll(() => entries.count(), { timeout: 20_000 }).toBe(3);
        await expectVisible(entries.filter({ hasText: 'Ines Okonkwo' }));
        await expectVisible(entries.filter({ hasText: 'Dispute closed: won' }));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await shot(page, 'finance', viewport);
        await expectAccessible(page);

        await filters.getByLabel('Coach (name or id)').fill(ledgerCoachId.slice(0, 8));
        await filters.getByRole('button', { name: 'Apply' }).click();
        await expect.poll(() => entries.count(), { timeout: 20_000 }).toBe(3);

        await filters.getByLabel('From (UTC)').fill('2026-03-01');
        await filters.getByRole('button', { name: 'Apply' }).click();
        await expectVisible(page.getByText('Choose a To date on or after the From date.'));
        expect(await page.getByText(/missing or invalid/).count()).toBe(0);
        expect(await entries.count()).toBe(3);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }
  });

  it('shows someone outside the finance team the 403 message alone, without filters', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await signedIn(mentee, '/finance', viewport);
      try {
        await expectVisible(page.getByRole('alert').filter({ hasText: 'Only the finance team can see the ledger.' }));
        expect(await page.getByRole('form', { name: 'Ledger filters' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
        await shot(page, 'finance-outsider', viewport);
        await expectAccessible(page);
      } finally {
        await page.close();
      }
    }
  });
});

describe('sign-in and the rest', () => {
  it('answers an unknown address and a wrong password alike, and a reset for an unknown address as sent', async () => {
    const { page } = await open('/login');
    try {
      await signInFails(page, `nobody-${randomUUID().slice(0, 8)}@example.test`);
      await signInFails(page, mentee.email);
      await page.goto(`${stack.webUrl}/forgot-password`, { waitUntil: 'networkidle' });
      await page.getByRole('textbox', { name: 'E-mail' }).fill(`nobody-${randomUUID().slice(0, 8)}@example.test`);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Check Your Email' }));
    } finally {
      await page.close();
    }

    async function signInFails(on: Page, email: string) {
      await on.getByRole('textbox', { name: 'E-mail' }).fill(email);
      await on.getByLabel('Password', { exact: true }).fill('not-the-password');
      await on.getByRole('button', { name: 'Sign in' }).click();
      await expectVisible(toastOn(on, 'Sign In Failed').filter({ hasText: 'Incorrect username or password.' }));
      await expect.poll(() => toastOn(on, 'Sign In Failed').count(), { timeout: 20_000 }).toBe(0);
    }
  });

  it('places toasts clear of the header, two at most', async () => {
    const { page } = await open('/login');
    try {
      await signInAs(page, mentee.email);
      const toaster = page.locator('[data-sonner-toaster]');
      expect(await toaster.getAttribute('data-y-position')).toBe('bottom');
      const header = await page.getByRole('banner').boundingBox();
      const shown = await toastOn(page, 'Welcome back!').boundingBox();
      expect((shown?.y ?? 0) > (header?.y ?? 0) + (header?.height ?? 0)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('links a payment page for an unknown session to My Sessions', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await signedIn(mentee, `/payment-success?session_id=${randomUUID()}`, viewport);
      try {
        await expectVisible(page.getByRole('heading', { name: 'Session not found' }));
        expect(await page.getByRole('link', { name: 'View My Sessions' }).getAttribute('href')).toBe('/dashboard');
        await shot(page, 'session-not-found', viewport);
        await expectAccessible(page);
      } finally {
        await page.close();
      }
    }
  });

  it('closes the phone menu on Escape and gives the focus back to its button', async () => {
    const { page } = await open('/how-it-works', PHONE);
    try {
      await expectVisible(page.getByText('Pick a 30- or 60-minute session'));
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectVisible(page.getByRole('navigation', { name: 'Mobile' }));
      await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link').first().focus();
      await page.keyboard.press('Escape');
      const button = page.getByRole('button', { name: 'Open menu' });
      await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      await shot(page, 'how-it-works', PHONE);
    } finally {
      await page.close();
    }
  });
});
