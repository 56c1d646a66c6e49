import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLedgerEntry } from '../../functions/data/ledger';
import { recordOwedTransfer } from '../../functions/data/transfers';
import {
  followUpEntry,
  paymentEntry,
  processingFeeEntry,
  refundTryEntry,
  transferEntry,
  transferReversedEntry,
} from '../../functions/domain/ledger';
import { FINANCE_GROUP } from '../../functions/http/finance';
import {
  SCREENSHOTS,
  seriousAccessibilityViolations,
  startBrowserStack,
  stopBrowserStack,
  VIEWPORTS,
  signedInPage,
} from '../support/browser';
import type { TestStack } from '../support/local-stack';
import { publishedCoach } from '../support/coaches';
import { type SignedInUser, signedInUserWithProfile } from '../support/users';

let stack: TestStack;
let browser: Browser;
let finance: SignedInUser;
let coach: SignedInUser;

/**
 * March 2026: three paid sessions, the first refunded after two refused tries, the second disputed
 * (so its refund was given up), the third delivered to `coach`, its transfer partly reversed; one
 * payment in April; and in February a delivered session of `coach` whose transfer is owed.
 */
async function seedMarch() {
  const paid = (index: number, at: string, amountCents: number, coachId = `coach-${index}`) =>
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
        coachId,
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
        chargeId: null,
        amountCents: 20_000,
        currency: 'usd',
        fees: [],
      },
      second,
    ),
    paid(3, '2026-04-01T00:00:00.000Z', 50_000),
  ];
  const parties = (index: number, coachId = `coach-${index}`) => ({
    sessionId: `session-${index}`,
    coachId,
    menteeId: 'mentee-1',
  });
  const tried = (index: number, kind: 'refund_retry' | 'refund_given_up', tryNumber: number, at: string) =>
    refundTryEntry({ kind, tryNumber, at, parties: parties(index), paymentIntentId: `pi_${index}`, requestId: null });
  const delivered = paid(4, '2026-03-12T15:00:00.000Z', 10_000, coach.userId);
  const transfer = transferEntry({
    ...parties(4, coach.userId),
    at: '2026-03-16T10:00:00.000Z',
    transferId: 'tr_4',
    amountCents: 9_000,
    currency: 'usd',
    paymentIntentId: 'pi_4',
    chargeId: 'ch_4',
  });
  const reversal = transferReversedEntry(
    {
      id: 'evt_tr4',
      kind: 'transferReversed',
      at: '2026-03-18T10:00:00.000Z',
      transferId: 'tr_4',
      sessionId: 'session-4',
      reversedCents: 2_000,
      previouslyReversedCents: 0,
    },
    transfer,
  );
  entries.push(
    tried(1, 'refund_retry', 1, '2026-03-04T08:00:00.000Z'),
    tried(1, 'refund_retry', 2, '2026-03-04T08:30:00.000Z'),
    tried(2, 'refund_given_up', 1, '2026-03-21T09:00:00.000Z'),
    delivered,
    processingFeeEntry(delivered, { at: delivered.at, eventId: 'evt_p4', sourceId: 'ch_4', feeCents: 320 }),
    transfer,
    reversal,
    paid(6, '2026-02-10T15:00:00.000Z', 6_000, coach.userId),
  );
  for (const entry of entries) if (entry) await appendLedgerEntry(entry);
  await recordOwedTransfer(
    {
      ...parties(6, coach.userId),
      amountCents: 5_400,
      currency: 'usd',
      reason: 'insufficient_capabilities_for_transfer: the account cannot receive transfers yet',
    },
    new Date('2026-02-11T00:00:00.000Z'),
  );
}

const userWithProfile = (groups: string[]) => signedInUserWithProfile(stack.config, 'mentee', groups);

beforeAll(async () => {
  ({ stack, browser } = await startBrowserStack());
  [finance, coach] = await Promise.all([
    userWithProfile([FINANCE_GROUP]),
    publishedCoach(stack.config, { payments: true }),
  ]);
  await seedMarch();
});

afterAll(() => stopBrowserStack({ stack, browser }));

async function signedInAt(user: SignedInUser, path: string): Promise<Page> {
  return (await signedInPage({ stack, browser }, user.email, { path })).page;
}

async function signedInAtFinance(user: SignedInUser): Promise<Page> {
  const page = await signedInAt(user, '/finance');
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

    await expect.poll(() => figure(page, 'Gross').textContent(), { timeout: 20_000 }).toBe('$420.00');
    const figures = {
      'Platform fees': '$30.00',
      Refunds: '$120.00',
      Disputes: '$200.00',
      'Net to coaches': '$250.00',
      'Paid sessions': '3',
      'Processing fees': '$3.20',
      'Platform net': '$26.80',
      'Transfers to coaches': '$90.00',
      'Transfer reversals': '$20.00',
      'Refund tries retried': '2',
      'Refunds given up': '1',
    };
    for (const [label, value] of Object.entries(figures)) expect(await figure(page, label).textContent()).toBe(value);
    const rows = page.getByRole('table', { name: 'Ledger entries' }).locator('tbody tr');
    expect(await rows.count()).toBe(11);

    // Owed whatever the range: the February session's transfer, by its coach's name.
    const owed = page.getByRole('table', { name: 'Transfers owed to coaches' });
    expect(await owed.locator('tbody tr').count()).toBe(1);
    expect(await owed.locator('tbody tr').textContent()).toMatch(/Casey Coach.*2026-02-11.*cannot receive.*\$54\.00/);
    expect(await page.getByText('Held for delivered sessions and retried daily: $54.00 in 1 transfer.').count()).toBe(
      1,
    );

    await page.screenshot({ path: `${SCREENSHOTS}/finance-march.png`, fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('list', { name: 'Transfers owed to coaches' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/finance-march-390.png`, fullPage: true });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.desktop);

    const [owedDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download owed CSV' }).click(),
    ]);
    const owedCsv = await readFile((await owedDownload.path()) as string, 'utf8');
    expect(owedCsv.trimEnd().split('\r\n')).toEqual([
      'since,last_tried_at,currency,amount,session_id,coach_id,reason',
      `2026-02-11T00:00:00.000Z,2026-02-11T00:00:00.000Z,USD,54.00,session-6,${coach.userId},insufficient_capabilities_for_transfer: the account cannot receive transfers yet`,
    ]);

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
    expect(lines).toHaveLength(11);
    const column = (name: string) => (header as string[]).indexOf(name);
    const sum = (name: string, kind?: string) =>
      lines
        .filter((line) => !kind || line[column('kind')] === kind)
        .reduce((total, line) => total + Math.round(Number(line[column(name)]) * 100), 0);
    const count = (kind: string) => lines.filter((line) => line[column('kind')] === kind).length;
    // Every figure on the page, from the CSV's own lines.
    expect([
      sum('gross'),
      sum('platform_fee'),
      sum('refund'),
      sum('disputed'),
      sum('net_to_coach'),
      sum('processing_fee'),
      sum('platform_fee') - sum('processing_fee'),
      sum('transferred', 'transfer'),
      -sum('transferred', 'transfer_reversed'),
      count('refund_retry'),
      count('refund_given_up'),
    ]).toEqual([42_000, 3_000, 12_000, 20_000, 25_000, 320, 2_680, 9_000, 2_000, 2, 1]);

    await page.getByLabel('Kind').selectOption('refund');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    expect(await figure(page, 'Refunds').textContent()).toBe('$120.00');
    expect(await figure(page, 'Gross').textContent()).toBe('$0.00');
  });

  it('shows the coach what the platform holds for them and what it transferred, less the reversal', async () => {
    const page = await signedInAt(coach, '/dashboard');
    const card = page.getByRole('region', { name: 'Earnings' });
    const amount = (label: string) =>
      card
        .locator('dl > div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .first();
    await expect.poll(() => amount('Held for you until transferred').textContent(), { timeout: 20_000 }).toBe('$54.00');
    expect(await amount('Transferred to your Stripe account').textContent()).toBe('$70.00');
    await card.screenshot({ path: `${SCREENSHOTS}/finance-coach-earnings.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.screenshot({ path: `${SCREENSHOTS}/finance-coach-earnings-390.png` });
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
