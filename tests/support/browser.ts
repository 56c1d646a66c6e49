import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Page } from 'playwright-core';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 375, height: 800 },
} as const;

/** Debian's Chromium, with the flags this sandbox needs (no background network, no sandbox as root). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Serious and critical axe-core violations on the page as it is now, one line each. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}

export const SCREENSHOTS = 'test-results/screenshots';

/**
 * A page of its own context (axe-core's Playwright integration needs one), loaded and settled,
 * with the uncaught page errors it collects.
 */
export async function openPage(browser: Browser, url: string, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('close', () => void context.close());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  return { page, errors };
}
