// First: it sets the functions' log level before any of them is imported.
import { row } from './bench-support';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_MENTOR_EMAIL, DEMO_PASSWORD } from '../bin/local/seed';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/browser';
import { startTestStack } from '../tests/support/local-stack';

/**
 * Lighthouse (mobile emulation, simulated throttling) against the production build that `npm run bench`
 * has just written to dist/web and dist/functions, served the way CloudFront serves it, with the demo
 * seed. Builds nothing itself. Each page runs RUNS times and the median is printed beside its floor.
 */
const RUNS = 3;
const SCORE_FLOOR = 95;
const LCP_FLOOR_MS = 2000;
const CLS_FLOOR = 0.05;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

// Chromium resolves no host but this machine, so neither the pages nor Chromium itself reach out.
const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_FLAGS,
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** `signedIn`: Lighthouse keeps the browser's storage, where the SPA holds the session (signInThroughTheForm). */
async function audit(url: string, port: number, signedIn = false): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    disableStorageReset: signedIn,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.message}`);
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, Math.round((categories[category]?.score ?? 0) * 100)]),
    ) as RunFigures['scores'],
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
}

function printMedians(name: string, runs: RunFigures[]) {
  console.log(`  ${name}`);
  for (const category of CATEGORIES)
    row(`    ${category}`, `${median(runs.map((run) => run.scores[category]))} (floor ${SCORE_FLOOR})`);
  row('    LCP', `${(median(runs.map((run) => run.lcpMs)) / 1000).toFixed(2)} s (floor < ${LCP_FLOOR_MS / 1000} s)`);
  row('    TBT', `${median(runs.map((run) => run.tbtMs)).toFixed(0)} ms`);
  row('    CLS', `${median(runs.map((run) => run.cls)).toFixed(3)} (floor < ${CLS_FLOOR})`);
}

/** Signs the demo mentor in through the sign-in form in Lighthouse's own Chromium, as a user would. */
async function signInThroughTheForm(port: number, webUrl: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]?.newPage();
    if (!page) throw new Error('Chromium has no default context');
    await page.goto(new URL('/login', webUrl).href);
    await page.getByLabel('E-mail').fill(DEMO_MENTOR_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Welcome back!').first().waitFor({ timeout: 30_000 });
    await page.close();
  } finally {
    // Leaves Chromium running: only this connection to it closes.
    await browser.close();
  }
}

process.env.API_FROM_BUNDLES = '1';
const stack = await startTestStack({ seed: true, web: true, webFromBuild: true });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
try {
  const listed = (await (await fetch(`${stack.apiUrl}/api/coaches`)).json()) as { coaches: { userId: string }[] };
  const coachId = listed.coaches[0]?.userId;
  if (!coachId) throw new Error('The demo seed listed no coach');
  const pages = { home: '/', directory: '/coaches', 'coach page': `/coaches/${coachId}` };

  console.log(`\nLighthouse, mobile, simulated throttling, median of ${RUNS} runs (production build, demo seed)`);
  for (const [name, pathname] of Object.entries(pages)) {
    const runs: RunFigures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(new URL(pathname, stack.webUrl).href, chrome.port));
    printMedians(`${name} (${pathname.replace(coachId, ':coachId')})`, runs);
  }

  await signInThroughTheForm(chrome.port, stack.webUrl);
  for (const [name, pathname] of Object.entries({ dashboard: '/dashboard', settings: '/settings' })) {
    const runs: RunFigures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(new URL(pathname, stack.webUrl).href, chrome.port, true));
    printMedians(`${name} (${pathname}, signed in as the demo mentor)`, runs);
  }
} finally {
  chrome.kill();
  await stack.dispose();
}
