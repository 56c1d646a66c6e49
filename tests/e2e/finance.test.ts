import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerEntry } from '../../functions/data/ledger';
import { followUpEntry, paymentEntry } from '../../functions/domain/ledger';
import { FINANCE_GROUP } from '../../functions/http/finance';
import {
  openPage,
  SCREENSHOTS,
  seriousAccessibilityViolations,
  startBrowserStack,
  stopBrowserStack,
  VIEWPORTS,
} from '../support/browser';
import type { TestStack } from '../support/local-stack';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

const PASSWORD = 'test-password-1';

let stack: TestStack;
let browser: Browser;
let finance: SignedInUser;

/** March 2026: two paid sessions, the first refunded, the second disputed; and one payment in April. */
async function seedMarch() {
  const paid = (index: number, at: string, amountCents: number) =>
    paymentEntry(
      {
        id: `evt_p${index}`,
        kind: 'checkoutPaid',
        at,
        checkoutId: `cs_${index}`,
        sessionId: `session-${index}`,
        paymentIntentId: `pi_${index}`,
        amountCents,
        livemode: false,
      },
      {
        paymentIntentId: `pi_${index}`,
        chargeId: `ch_${index}`,
        amountCents,
        processingFeeCents: 0,
        currency: 'usd',
      },
      {
        sessionId: `session-${index}`,
        coachId: `coach-${index}`,
        menteeId: 'mentee-1',
        platformFeeCents: amountCents / 10,
      },
    );
  const first = paid(1, '2026-03-03T15:00:00.000Z', 12_000);
  const second = paid(2, '2026-03-10T15:00:00.000Z', 20_000);
  const entries = [
    first,
    second,
    followUpEntry(
      {
        id: 'evt_r1',
        kind: 'chargeRefunded',
        at: '2026-03-04T09:00:00.000Z',
        chargeId: 'ch_1',
        paymentIntentId: 'pi_1',
        refundedCents: 12_000,
        previouslyRefundedCents: 0,
        refundId: 're_1',
      },
      first,
    ),
    followUpEntry(
      {
        id: 'evt_d2',
        kind: 'disputeOpened',
        at: '2026-03-20T09:00:00.000Z',
        disputeId: 'dp_2',
        paymentIntentId: 'pi_2',
        amountCents: 20_000,
      },
      second,
    ),
    paid(3, '2026-04-01T00:00:00.000Z', 50_000),
  ];
  for (const entry of entries) if (entry) await appendLedgerEntry(entry);
}

const userWithProfile = (groups: string[]) => signedInUserWithProfile(stack.config, 'mentee', groups);

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
  finance = await userWithProfile([FINANCE_GROUP]);
  await seedMarch();
});

afterAll(() => stopBrowserStack({ stack, browser }));

async function signedInAtFinance(user: SignedInUser): Promise<Page> {
  const { page } = await openPage(browser, `${stack.webUrl}/login`, VIEWPORTS.desktop);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.getByText('Welcome back!').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.goto(`${stack.webUrl}/finance`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Finance', level: 1 }).waitFor();
  return page;
}

const financeLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Finance', exact: true });

/** One figure of the USD totals, by its label. */
const figure = (page: Page, label: string) =>
  page
    .locator('dl[aria-label="Totals in USD"] > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

describe('the finance page', () => {
  it('filters a month, shows its totals and entries, downloads the CSV, and passes axe', async () => {
    const page = await signedInAtFinance(finance);
    // The header offers the page to the finance group's members only (the other test checks an outsider).
    await expect.poll(() => financeLink(page).count(), { timeout: 20_000 }).toBe(1);
    await page.getByLabel('From (UTC)').fill('2026-03-01');
    await page.getByLabel('To (UTC)').fill('2026-03-31');
    await page.getByRole('button', { name: 'Apply' }).click();

    await expect.poll(() => figure(page, 'Gross').textContent(), { timeout: 20_000 }).toBe('$320.00');
    expect(await figure(page, 'Platform fees').textContent()).toBe('$20.00');
    expect(await figure(page, 'Refunds').textContent()).toBe('$120.00');
    expect(await figure(page, 'Disputes').textContent()).toBe('$200.00');
    expect(await figure(page, 'Net to coaches').textContent()).toBe('$180.00');
    expect(await figure(page, 'Paid sessions').textContent()).toBe('2');
    const rows = page.getByRole('table', { name: 'Ledger entries' }).locator('tbody tr');
    expect(await rows.count()).toBe(4);

    await page.screenshot({ path: `${SCREENSHOTS}/finance-march.png`, fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ledger-2026-03-01-to-2026-03-31.csv');
    const csv = await readFile((await download.path()) as string, 'utf8');
    const [header, ...lines] = csv
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(lines).toHaveLength(4);
    const sum = (name: string) =>
      lines.reduce((total, line) => total + Math.round(Number(line[(header as string[]).indexOf(name)]) * 100), 0);
    expect([sum('gross'), sum('platform_fee'), sum('refund'), sum('disputed'), sum('net_to_coach')]).toEqual([
      32_000, 2_000, 12_000, 20_000, 18_000,
    ]);

    await page.getByLabel('Kind').selectOption('refund');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await figure(page, 'Refunds').textContent()).toBe('$120.00');
    expect(await figure(page, 'Gross').textContent()).toBe('$0.00');
  });

  it('tells someone outside the finance group that the ledger is not theirs', async () => {
    const page = await signedInAtFinance(await userWithProfile([]));
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Only the finance team can see the ledger.' }).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    expect(await financeLink(page).count()).toBe(0);
  });
});
