import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startBrowserStack,
  stopBrowserStack,
  openPage,
  SCREENSHOTS,
  seriousAccessibilityViolations,
  VIEWPORTS,
} from '../support/browser';
import { runsFromBundles } from '../../bin/local/lambda-modules';
import type { TestStack } from '../support/local-stack';
import { PRERENDERED_PAGES } from '../../lib/prerendered-pages';

/** Every public page, with a text its main heading must contain. */
const PUBLIC_PAGES = [
  { path: '/', name: 'home', heading: /mentor/i },
  { path: '/about', name: 'about', heading: /built by physicians/i },
  { path: '/how-it-works', name: 'how-it-works', heading: /how it works/i },
  { path: '/blog', name: 'blog', heading: /blog|insights/i },
  { path: '/profile/dr-amara-okafor', name: 'coach-bio', heading: /Dr\. Amara Okafor/ },
  { path: '/privacy', name: 'privacy', heading: /privacy/i },
  { path: '/terms', name: 'terms', heading: /terms/i },
] as const;

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack({ seed: true }));
});

afterAll(() => stopBrowserStack({ stack, browser }));

const open = (path: string, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) =>
  openPage(browser, `${stack.webUrl}${path}`, viewport);

const mainHeading = (page: Page) => page.locator('main h1').first();

/** A page at mobile width in a browser with JavaScript turned off: what paints from the HTML alone. */
async function withoutJavaScript<T>(use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.mobile });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

describe.each(Object.entries(VIEWPORTS))('public pages at %s width', (width, viewport) => {
  it.each(PUBLIC_PAGES)('$path has its heading, the navigation and no serious accessibility issue', async (route) => {
    const { page, errors } = await open(route.path, viewport);
    try {
      await expect.poll(() => mainHeading(page).textContent(), { timeout: 20_000 }).toMatch(route.heading);
      expect(await page.locator('main h1').count()).toBe(1);
      const footer = page.locator('footer');
      for (const link of ['Privacy Policy', 'Terms of Service']) {
        await expect.poll(() => footer.getByRole('link', { name: link }).count()).toBe(1);
      }
      if (width === 'desktop') {
        const nav = page.getByRole('navigation', { name: /main/i });
        for (const link of ['Home', 'Find a Mentor', 'How It Works', 'About']) {
          expect(await nav.getByRole('link', { name: link, exact: true }).count()).toBe(1);
        }
        expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBeGreaterThan(0);
        expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBeGreaterThan(0);
      }
      await page.screenshot({ path: `${SCREENSHOTS}/${route.name}-${width}.png`, fullPage: true });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('answers an unknown route with the 404 page and a link home', async () => {
    const { page } = await open('/no-such-page', viewport);
    try {
      await expect.poll(() => page.getByText('Oops! Page not found').count(), { timeout: 20_000 }).toBe(1);
      await page.screenshot({ path: `${SCREENSHOTS}/not-found-${width}.png` });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.getByRole('link', { name: /home/i }).last().click();
      await page.waitForURL(`${stack.webUrl}/`);
    } finally {
      await page.close();
    }
  });
});

describe('policy pages', () => {
  it.each(['/privacy', '/terms'])(
    '%s says so when the hosted document cannot be loaded, after five checks',
    async (path) => {
      const { page } = await open(path, VIEWPORTS.desktop);
      try {
        const alert = page.getByRole('alert');
        await expect
          .poll(() => alert.textContent(), { timeout: 15_000 })
          .toContain('Unable to load the policy at this time.');
        expect(await alert.getByRole('button', { name: 'Reload Page' }).count()).toBe(1);
        await page.screenshot({ path: `${SCREENSHOTS}${path}-unavailable.png` });
      } finally {
        await page.close();
      }
    },
  );
});

describe('mobile navigation', () => {
  it('opens and closes the menu with the same links', async () => {
    const { page } = await open('/', VIEWPORTS.mobile);
    try {
      const toggle = page.getByRole('button', { name: /menu/i });
      await expect.poll(() => toggle.getAttribute('aria-expanded'), { timeout: 20_000 }).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const menuId = (await toggle.getAttribute('aria-controls')) ?? '';
      const menu = page.locator(`[id="${menuId}"]`);
      for (const link of ['Home', 'Find a Mentor', 'How It Works', 'About', 'Sign In', 'Get Started']) {
        expect(await menu.getByRole('link', { name: link, exact: true }).count()).toBe(1);
      }
      await page.screenshot({ path: `${SCREENSHOTS}/mobile-menu-open.png` });
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await page.close();
    }
  });
});

// The production build prerenders these (lib/prerendered-pages.ts); the dev server renders in the browser only.
describe.runIf(runsFromBundles())('prerendered public pages', () => {
  it.each(PUBLIC_PAGES.filter(({ path }) => path in PRERENDERED_PAGES))(
    '$path shows its heading, title and links with JavaScript turned off',
    (route) =>
      withoutJavaScript(async (page) => {
        const response = await page.goto(`${stack.webUrl}${route.path}`);
        expect(response?.status()).toBe(200);
        expect(await mainHeading(page).textContent()).toMatch(route.heading);
        expect(await page.title()).toMatch(/Physician Mentors$/);
        expect(await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).count()).toBe(1);
        expect(await page.content()).not.toContain('__RUNTIME_CONFIG_');
        await page.screenshot({ path: `${SCREENSHOTS}/${route.name}-without-javascript.png`, fullPage: true });
      }),
  );
});

// The data screens are rendered with their data by the page routes (functions/http/render-page.ts), so they paint before any script has run.
describe.runIf(runsFromBundles())('data screens rendered on the server', () => {
  const firstMentor = async () => {
    const body = (await (await fetch(`${stack.apiUrl}/api/coaches`)).json()) as {
      coaches: { userId: string; firstName: string; lastName: string }[];
    };
    const [mentor] = body.coaches;
    if (!mentor) throw new Error('The demo seed has no mentor');
    return mentor;
  };

  it('/coaches shows the mentors with JavaScript turned off', async () => {
    const mentor = await firstMentor();
    await withoutJavaScript(async (page) => {
      const response = await page.goto(`${stack.webUrl}/coaches`);
      expect(response?.status()).toBe(200);
      expect(await mainHeading(page).textContent()).toMatch(/Find a Mentor/);
      expect(await page.getByText(/Showing \d+ of \d+ mentors/).count()).toBe(1);
      expect(await page.locator('main').textContent()).toContain(`${mentor.firstName} ${mentor.lastName}`);
      expect(await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).count()).toBe(1);
      expect(await page.content()).not.toContain('__RUNTIME_CONFIG_');
      await page.screenshot({ path: `${SCREENSHOTS}/directory-without-javascript.png`, fullPage: true });
    });
  });

  it("a coach's page shows the mentor's details and title with JavaScript turned off", async () => {
    const mentor = await firstMentor();
    const details = (await (await fetch(`${stack.apiUrl}/api/coaches/${mentor.userId}`)).json()) as {
      coachBio: string | null;
    };
    await withoutJavaScript(async (page) => {
      const response = await page.goto(`${stack.webUrl}/coaches/${mentor.userId}`);
      expect(response?.status()).toBe(200);
      expect(await mainHeading(page).textContent()).toContain(`${mentor.firstName} ${mentor.lastName}`);
      expect(await page.title()).toContain(`${mentor.firstName} ${mentor.lastName}`);
      expect(await page.locator('main').textContent()).toContain((details.coachBio ?? '').slice(0, 40));
      expect(details.coachBio?.length).toBeGreaterThan(40);
      await page.screenshot({ path: `${SCREENSHOTS}/coach-page-without-javascript.png`, fullPage: true });
    });
  });

  it('an unknown mentor answers 404 with the page the app then explains', async () => {
    await withoutJavaScript(async (page) => {
      const response = await page.goto(`${stack.webUrl}/coaches/no-such-mentor`);
      expect(response?.status()).toBe(404);
      expect(await page.locator('main').textContent()).toMatch(/Loading coach details/);
    });
  });

  it('/coaches/ (no mentor id) is the directory, shown by the app', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile });
    try {
      const page = await context.newPage();
      const response = await page.goto(`${stack.webUrl}/coaches/`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      await expect.poll(() => page.getByText(/Showing \d+ of \d+ mentors/).count(), { timeout: 20_000 }).toBe(1);
      expect(await mainHeading(page).textContent()).toMatch(/Find a Mentor/);
    } finally {
      await context.close();
    }
  });

  it('the app takes over the rendered directory without asking the API for its first page again', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile });
    try {
      const page = await context.newPage();
      const listReads: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/coaches') listReads.push(request.url());
      });
      await page.goto(`${stack.webUrl}/coaches`);
      // The server's markup starts with its marker comment; the app's first render puts its own elements in place.
      await expect
        .poll(() => page.evaluate(() => document.getElementById('root')?.firstChild?.nodeName), { timeout: 20_000 })
        .toBe('DIV');
      expect(await page.getByText(/Showing \d+ of \d+ mentors/).count()).toBe(1);
      expect(listReads).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the local stack behind the SPA', () => {
  it('serves the seeded mentors through the same origin', async () => {
    const response = await fetch(`${stack.webUrl}/api/coaches`);
    const body = (await response.json()) as { totalCount: number };
    expect(body.totalCount).toBeGreaterThanOrEqual(12);
  });

  // React's development build keeps debug fields on every fiber; its production build has none.
  it.runIf(runsFromBundles())('serves the production build, with React built for production', async () => {
    const { page } = await open('/', VIEWPORTS.desktop);
    try {
      await expect.poll(() => mainHeading(page).textContent(), { timeout: 20_000 }).toMatch(/mentor/i);
      const fiberHasDebugFields = await page.evaluate(() => {
        const heading = document.querySelector('main h1');
        const fiberKey = heading && Object.keys(heading).find((key) => key.startsWith('__reactFiber$'));
        if (!heading || !fiberKey) throw new Error('The heading was not rendered by React');
        return '_debugOwner' in ((heading as unknown as Record<string, object>)[fiberKey] ?? {});
      });
      expect(fiberHasDebugFields).toBe(false);
    } finally {
      await page.close();
    }
  });
});
