import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MENTEE_EMAIL, DEMO_PASSWORD } from '../../bin/local/seed';
import {
  startBrowserStack,
  stopBrowserStack,
  openPage,
  SCREENSHOTS,
  seriousAccessibilityViolations,
  VIEWPORTS,
} from '../support/browser';
import type { TestStack } from '../support/local-stack';

type Viewport = (typeof VIEWPORTS)[keyof typeof VIEWPORTS];
const COUNT_LINE = /^Showing (\d+) of (\d+) mentors$/;

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ seed: true }));
});

afterAll(() => stopBrowserStack({ stack, browser }));

const open = (path: string, viewport: Viewport = VIEWPORTS.desktop) =>
  openPage(browser, `${stack.webUrl}${path}`, viewport);

const countLine = (page: Page) => page.getByRole('status').filter({ hasText: /^Showing/ });

async function counts(page: Page) {
  await expect.poll(() => countLine(page).textContent(), { timeout: 20_000 }).toMatch(COUNT_LINE);
  const [, shown, total] = COUNT_LINE.exec((await countLine(page).textContent()) ?? '')!;
  return { shown: Number(shown), total: Number(total) };
}

const cards = (page: Page) => page.getByRole('article');

async function firstCoachPage(viewport: Viewport = VIEWPORTS.desktop) {
  const { page, errors } = await open('/coaches', viewport);
  await counts(page);
  await page
    .getByRole('link', { name: /^Book Session with/ })
    .first()
    .click();
  await page.waitForURL(/\/coaches\/[^/]+$/);
  await expect.poll(() => page.locator('main h1').textContent(), { timeout: 20_000 }).not.toBe('');
  await expect.poll(() => page.getByRole('list', { name: 'Available times' }).count(), { timeout: 20_000 }).toBe(1);
  return { page, errors };
}

describe('the coach directory', () => {
  it('lists every seeded mentor, narrows by search in the URL and clears back', async () => {
    const { page, errors } = await open('/coaches');
    try {
      const all = await counts(page);
      expect(all.total).toBeGreaterThanOrEqual(12);
      expect(all.shown).toBe(all.total);
      expect(await cards(page).count()).toBe(all.total);
      await page.screenshot({ path: `${SCREENSHOTS}/directory-desktop.png`, fullPage: true });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const firstName = (await cards(page).first().getByRole('heading').textContent())?.split(' ')[0] ?? '';
      await page.getByLabel('Search mentors').fill(firstName);
      await page.waitForURL((url) => url.searchParams.get('q') === firstName);
      await expect.poll(async () => (await counts(page)).shown).toBeLessThan(all.total);
      expect((await counts(page)).total).toBe(all.total);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByLabel('Search mentors').fill('zzz-no-such-mentor');
      await expect.poll(() => page.getByText('No mentors found').count(), { timeout: 10_000 }).toBe(1);
      expect(await counts(page)).toEqual({ shown: 0, total: all.total });
      await page.screenshot({ path: `${SCREENSHOTS}/directory-empty.png`, fullPage: true });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await expect.poll(async () => (await counts(page)).shown).toBe(all.total);
      expect(await page.getByLabel('Search mentors').inputValue()).toBe('');
      expect(new URL(page.url()).search).toBe('');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("shows each seeded mentor's portrait, served from the variants the headshot path stored", async () => {
    for (const viewport of [VIEWPORTS.desktop, { width: 390, height: 844 }]) {
      const { page, errors } = await openPage(browser, `${stack.webUrl}/coaches`, viewport);
      try {
        const { total } = await counts(page);
        const portraits = page.getByRole('article').locator('img[src^="/media/headshots/"]');
        await expect.poll(() => portraits.count(), { timeout: 20_000 }).toBe(total);
        // Cards below the fold load their image lazily: each stored variant is fetched here instead.
        const sources = await portraits.evaluateAll((images) => images.map((image) => image.getAttribute('src')));
        for (const source of new Set(sources)) {
          const image = await fetch(`${stack.webUrl}${source}`);
          expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
        }
        await expect
          .poll(() => portraits.first().evaluate((image) => (image as HTMLImageElement).naturalWidth), {
            timeout: 20_000,
          })
          .toBeGreaterThan(0);
        await page.screenshot({ path: `${SCREENSHOTS}/directory-portraits-${viewport.width}.png` });
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }
  });

  it('opens with the filters of a shared link, and the back button restores earlier filters', async () => {
    const { page } = await open('/coaches?experience=20');
    try {
      const filtered = await counts(page);
      expect(filtered.shown).toBeLessThan(filtered.total);
      expect(await page.getByLabel('Experience').inputValue()).toBe('20');
      await page.getByLabel('Experience').selectOption('');
      await expect.poll(async () => (await counts(page)).shown).toBe(filtered.total);
      await page.goBack();
      await expect.poll(async () => (await counts(page)).shown).toBe(filtered.shown);
    } finally {
      await page.close();
    }
  });

  it('follows a mentor clicked while the typed search is still pending', async () => {
    const { page, errors } = await open('/coaches');
    try {
      await counts(page);
      const name = (await cards(page).first().getByRole('heading').textContent()) ?? '';
      // The coach page's code arrives later than the search box's pause, as it does on a slow phone.
      await page.route('**/*', async (route) => {
        if (route.request().resourceType() === 'script') await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await page.getByLabel('Search mentors').fill(name.split(' ')[0] ?? '');
      await cards(page)
        .first()
        .getByRole('link', { name: /^Book Session with/ })
        .click();
      await expect.poll(() => page.locator('main h1').textContent(), { timeout: 20_000 }).toContain(name.split(',')[0]);
      expect(new URL(page.url()).pathname).toMatch(/^\/coaches\/[^/]+$/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('has no serious accessibility issue on a phone', async () => {
    const { page } = await open('/coaches', VIEWPORTS.mobile);
    try {
      await counts(page);
      await page.screenshot({ path: `${SCREENSHOTS}/directory-mobile.png`, fullPage: true });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('the coach page', () => {
  it('shows the coach, switches durations and dates, and asks a signed-out visitor to sign in', async () => {
    const { page, errors } = await firstCoachPage();
    try {
      expect(await page.getByText('Login Required to Book Sessions').count()).toBe(1);
      expect(await page.getByRole('heading', { name: 'Reviews' }).count()).toBe(1);
      expect(await page.title()).toContain(((await page.locator('main h1').textContent()) ?? '').split(',')[0]);

      const sixty = page.getByRole('button', { name: '60 minutes' });
      await sixty.click();
      expect(await sixty.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByRole('list', { name: 'Available times' }).count(), { timeout: 20_000 }).toBe(1);

      const emptyDay = page.getByRole('radio', { name: /, no available times$/ }).first();
      if ((await emptyDay.count()) > 0) {
        await emptyDay.click();
        expect(await page.getByText('No available slots for this date').count()).toBe(1);
      }
      await page
        .getByRole('radio', { name: /, has available times$/ })
        .first()
        .click();
      const slot = page.getByRole('list', { name: 'Available times' }).getByRole('button').first();
      await slot.click();
      const dialog = page.getByRole('dialog');
      await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe('Login Required');
      expect(await dialog.getByRole('link', { name: 'Sign In' }).count()).toBe(1);
      expect(await dialog.getByRole('link', { name: 'Sign Up' }).count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);

      await page.screenshot({ path: `${SCREENSHOTS}/coach-desktop.png`, fullPage: true });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);

      await page.getByRole('button', { name: 'Back to coaches' }).click();
      await page.waitForURL(`${stack.webUrl}/coaches`);
    } finally {
      await page.close();
    }
  });

  it('has no serious accessibility issue on a phone', async () => {
    const { page } = await firstCoachPage(VIEWPORTS.mobile);
    try {
      await page.screenshot({ path: `${SCREENSHOTS}/coach-mobile.png`, fullPage: true });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('loads more reviews on demand, in the order chosen', async () => {
    // Mei-Lin Zhao, the demo mentor with six reviews: one page of five, then one more.
    const { page, errors } = await open('/coaches/9a7c2e54-b1d0-4f63-8c9a-e4027b5d1f83');
    try {
      const reviews = page.getByRole('region', { name: 'Reviews' });
      await expect.poll(() => reviews.getByText('Showing 5 of 6 reviews').count(), { timeout: 20_000 }).toBe(1);
      await reviews.getByRole('button', { name: 'Load more reviews' }).click();
      await expect.poll(() => reviews.getByText('Showing 6 of 6 reviews').count(), { timeout: 20_000 }).toBe(1);
      expect(await reviews.getByRole('button', { name: 'Load more reviews' }).count()).toBe(0);

      await reviews.getByLabel('Sort by').selectOption('lowest');
      await expect.poll(() => reviews.getByText('Showing 5 of 6 reviews').count(), { timeout: 20_000 }).toBe(1);
      const stars = await reviews
        .getByRole('img', { name: /^Rated / })
        .evaluateAll((images) =>
          images.map((image) => Number(/Rated ([\d.]+)/.exec(image.getAttribute('aria-label') ?? '')?.[1])),
        );
      expect(stars).toEqual([...stars].sort((a, b) => a - b));
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('sends an unknown coach back to the directory', async () => {
    const { page } = await open('/coaches/no-such-coach');
    try {
      await page.waitForURL(`${stack.webUrl}/coaches`, { timeout: 20_000 });
      await counts(page);
    } finally {
      await page.close();
    }
  });
});

describe('the coach page, signed in', () => {
  it('offers the free consultation and confirms a chosen time in the profile time zone', async () => {
    const { page, errors } = await open('/login');
    try {
      await page.getByLabel('E-mail').fill(DEMO_MENTEE_EMAIL);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect.poll(() => page.getByText('Welcome back!').count(), { timeout: 20_000 }).toBeGreaterThan(0);

      await page.goto(`${stack.webUrl}/coaches?q=Adaeze`, { waitUntil: 'networkidle' });
      await page.getByRole('link', { name: /^Book Session with Adaeze/ }).click();
      const freeConsult = page.getByRole('button', { name: /Free Consult/ });
      await expect.poll(() => freeConsult.count(), { timeout: 20_000 }).toBe(1);
      expect(await page.getByText('Login Required to Book Sessions').count()).toBe(0);
      await expect.poll(() => page.getByText('Times shown in Central time').count()).toBe(1);

      const times = page.getByRole('list', { name: 'Available times' });
      await freeConsult.click();
      await expect.poll(() => times.count(), { timeout: 20_000 }).toBe(1);
      await times.getByRole('button').first().click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Booking' });
      await expect.poll(() => dialog.count()).toBe(1);
      for (const text of ['Free Consultation', 'FREE', 'Central']) {
        expect(await dialog.getByText(text, { exact: true }).count()).toBe(1);
      }
      expect(await dialog.getByRole('button', { name: 'Confirm Booking' }).isEnabled()).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/coach-confirm-booking.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: '30 minutes' }).click();
      await expect.poll(() => times.count(), { timeout: 20_000 }).toBe(1);
      await times.getByRole('button').first().click();
      expect(await dialog.getByText('One-time Mentoring', { exact: true }).count()).toBe(1);
      expect(await dialog.getByText('$200', { exact: true }).count()).toBe(1);
      expect(await dialog.getByRole('button', { name: 'Proceed to Payment' }).isEnabled()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
