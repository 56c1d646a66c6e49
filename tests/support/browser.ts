import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { runsFromBundles } from '../../bin/local/lambda-modules';
import { startTestStack, type TestStack } from './local-stack';
import { TEST_USER_PASSWORD } from './users';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 375, height: 800 },
} as const;

/** Debian's Chromium, with the flags this sandbox needs (no background network, no sandbox as root). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/**
 * Serious and critical axe-core violations on the page as it is now, one line each. Every rule runs;
 * `resultTypes` only spares axe listing each node that passed (about a fifth of its time on the directory).
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  // axe reads colours as painted: a toast still fading in has a contrast it does not keep. Spinners run forever; they are left alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
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
export async function openPage(browser: Browser, url: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  // The context goes with its page; a browser already closing may refuse, which is fine.
  page.on('close', () => void context.close().catch(() => undefined));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await reportCspViolations(page, errors);
  await page.goto(url, { waitUntil: 'networkidle' });
  await appRendered(page);
  return { page, errors };
}

/**
 * A prerendered page is on screen before the app (main.tsx) renders over it, and a tap on the
 * prerendered copy reaches nothing: wait until React owns what #root shows (a page without one
 * passes at once).
 */
async function appRendered(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const shown = document.getElementById('root')?.firstElementChild;
    return !shown || Object.keys(shown).some((key) => key.startsWith('__reactFiber$'));
  });
}

const CSP_VIOLATION = 'CSP violation:';

/** What the site's Content-Security-Policy refused (the production build is served with it), as errors. */
async function reportCspViolations(page: Page, errors: string[]): Promise<void> {
  page.on('console', (message) => {
    if (message.text().startsWith(CSP_VIOLATION)) errors.push(message.text());
  });
  await page.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(prefix, event.violatedDirective, event.blockedURI, `${event.sourceFile}:${event.lineNumber}`),
    );
  }, CSP_VIOLATION);
}

export interface BrowserStack {
  stack: TestStack;
  browser: Browser;
}

/**
 * The dev server compiles the app on its first request, which on a busy machine takes longer than
 * one page load may; doing it here, inside the hook's budget, keeps whichever test runs first (a
 * file run alone, or one test picked with -t) from timing out on it.
 */
async function compileWebApp(browser: Browser, webUrl: string): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(webUrl, { waitUntil: 'networkidle', timeout: 180_000 });
  } finally {
    await page.close();
  }
}

/** What every browser test file starts from: the local stack with the web app, a browser, the screenshot folder. */
export async function startBrowserStack(options: { seed?: boolean } = {}): Promise<BrowserStack> {
  const stack = await startTestStack({ seed: options.seed ?? false, web: true, webFromBuild: runsFromBundles() });
  const browser = await launchBrowser();
  await compileWebApp(browser, stack.webUrl);
  await mkdir(SCREENSHOTS, { recursive: true });
  return { stack, browser };
}

export async function stopBrowserStack({ stack, browser }: Partial<BrowserStack>): Promise<void> {
  await browser?.close();
  await stack?.dispose();
}

/** Waits until the first element `locator` finds is on screen. */
export async function expectVisible(locator: Locator): Promise<void> {
  await expect.poll(() => locator.first().isVisible(), { timeout: 20_000 }).toBe(true);
}

/** The toast (sonner) that says `text`. */
export const toastOn = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Fills in the open sign-in page and sends it, as a person does; what follows is the caller's to wait for. */
export async function submitSignIn(page: Page, email: string, password = TEST_USER_PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in on the open sign-in page and waits for its welcome. */
export async function signInAs(page: Page, email: string, password = TEST_USER_PASSWORD): Promise<void> {
  await submitSignIn(page, email, password);
  await expectVisible(toastOn(page, 'Welcome back!'));
}

/** A page of its own (openPage, with its errors), signed in through the sign-in page, then at `path` if given. */
export async function signedInPage(
  { stack, browser }: BrowserStack,
  email: string,
  options: { password?: string; viewport?: { width: number; height: number }; path?: string } = {},
) {
  const opened = await openPage(browser, `${stack.webUrl}/login`, options.viewport ?? VIEWPORTS.desktop);
  await signInAs(opened.page, email, options.password);
  if (options.path) await opened.page.goto(`${stack.webUrl}${options.path}`, { waitUntil: 'networkidle' });
  return opened;
}

/** Signed in at the dashboard (signedInPage), its session cards loaded. */
export async function signedInAtDashboard(
  env: BrowserStack,
  email: string,
  viewport?: { width: number; height: number },
) {
  const opened = await signedInPage(env, email, { viewport, path: '/dashboard' });
  await expect.poll(() => opened.page.getByTestId('session-card').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  return opened;
}
