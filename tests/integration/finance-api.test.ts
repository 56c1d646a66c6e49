import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLedger } from '../../bin/local/demo-ledger';
import { forgetBalanceTransaction, STRIPE_DISPUTE_FEE_CENTS } from '../../bin/local/stripe-balance';
import { type LocalStripe, localStripeFromEnvironment } from '../../bin/local/stripe-payments';
import { s3BucketFromEnvironment } from '../../functions/adapters/s3-bucket';
import { archiveKey } from '../../functions/adapters/webhook-archive';
import { db, tableName } from '../../functions/data/client';
import { keys } from '../../functions/data/keys';
import { webhookEventRecordKey } from '../../functions/data/webhook-events';
import { FINANCE_GROUP } from '../../functions/http/finance';
import { handler as reconcileJob } from '../../functions/jobs/reconcile-ledger';
import { earnings, type LedgerEntry, ledgerPage, type Reconciliation } from '../../functions/schemas/ledger';
import { at, publishedCoach, RATE_CENTS } from '../support/coaches';
import { startTestStack, type TestStack } from '../support/local-stack';
import { bookAndPay, deliverStripeEvent } from '../support/paid-sessions';
import { type SignedInUser, signedInUser, signedInUserWithProfile } from '../support/users';
import { payments as theProductsPayments } from '../../functions/runtime/ports/payments';

let stack: TestStack;
let payments: LocalStripe;
let coach: SignedInUser;
let mentee: SignedInUser;
let finance: SignedInUser;
let outsider: SignedInUser;

const FEE_CENTS = RATE_CENTS / 10;
/** Stripe's 2.9% + 30¢ of the charge, which the stand-in keeps as Stripe does. */
const PROCESSING_FEE_CENTS = Math.round(RATE_CENTS * 0.029) + 30;
const today = () => new Date().toISOString().slice(0, 10);

const deliver = (event: { body: string; signature: string }) => deliverStripeEvent(stack, event);

const paidSession = (days: number) => bookAndPay(stack, { mentee, coach, start: at(days, 9) });

async function ledgerAs(user: SignedInUser, query: Record<string, string>) {
  const response = await fetch(`${stack.apiUrl}/api/finance/ledger?${new URLSearchParams(query)}`, {
    headers: user.auth,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ledgerPage.parse(await response.json());
}

const entriesOf = async (sessionId: string) =>
  (await ledgerAs(finance, { from: today(), to: today() })).entries.filter((entry) => entry.sessionId === sessionId);

const kinds = (entries: LedgerEntry[]) => entries.map((entry) => entry.kind);

let paidOnly: Awaited<ReturnType<typeof paidSession>>;
let refunded: Awaited<ReturnType<typeof paidSession>>;
let disputed: Awaited<ReturnType<typeof paidSession>>;

beforeAll(async () => {
  stack = await startTestStack();
  payments = localStripeFromEnvironment() as LocalStripe;
  [coach, mentee, finance, outsider] = await Promise.all([
    publishedCoach(stack.config, { payments: true }),
    signedInUserWithProfile(stack.config, 'mentee'),
    signedInUser(stack.config, undefined, [FINANCE_GROUP]),
    signedInUserWithProfile(stack.config, 'mentee'),
  ]);
  paidOnly = await paidSession(2);
  refunded = await paidSession(3);
  disputed = await paidSession(4);
});

afterAll(async () => {
  await stack?.dispose();
});

describe('the ledger, from the processed webhooks', () => {
  it("records a paid booking as a payment entry (gross, platform fee, the coach's net held) and Stripe's processing fee", async () => {
    const [entry, fee, ...others] = await entriesOf(paidOnly.session.id);
    expect(others).toEqual([]);
    expect(fee).toMatchObject({ kind: 'processing_fee', processingFeeCents: PROCESSING_FEE_CENTS, grossCents: 0 });
    expect(entry).toMatchObject({
      kind: 'payment',
      coachId: coach.userId,
      menteeId: mentee.userId,
      currency: 'usd',
      grossCents: RATE_CENTS,
      platformFeeCents: FEE_CENTS,
      refundCents: 0,
      disputedCents: 0,
      netToCoachCents: RATE_CENTS - FEE_CENTS,
      stripe: {
        eventId: JSON.parse(paidOnly.paid.body).id,
        checkoutSessionId: paidOnly.checkoutId,
        paymentIntentId: expect.stringMatching(/^pi_/),
        chargeId: expect.stringMatching(/^ch_/),
      },
    });
    expect(entry?.stripe).not.toHaveProperty('transferId');
  });

  it('adds nothing for a redelivered event, even when the webhook dedup record is gone', async () => {
    expect(await (await deliver(paidOnly.paid)).json()).toMatchObject({ duplicate: true });
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: webhookEventRecordKey(JSON.parse(paidOnly.paid.body).id) }),
    );
    expect(await (await deliver(paidOnly.paid)).json()).toMatchObject({ duplicate: false });
    expect(kinds(await entriesOf(paidOnly.session.id))).toEqual(['payment', 'processing_fee']);
  });

  it('records the refund of a cancelled paid session from Stripe charge.refunded, giving back fee and net', async () => {
    const response = await fetch(`${stack.apiUrl}/api/sessions/${refunded.session.id}/cancel`, {
      method: 'POST',
      headers: { ...mentee.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'A clinical emergency' }),
    });
    expect(response.status).toBe(200);
    await stack.jobsSettled();
    const entries = await entriesOf(refunded.session.id);
    expect(kinds(entries)).toEqual(['payment', 'processing_fee', 'refund']);
    expect(entries[2]).toMatchObject({
      grossCents: 0,
      refundCents: RATE_CENTS,
      platformFeeCents: -FEE_CENTS,
      netToCoachCents: -(RATE_CENTS - FEE_CENTS),
      stripe: { refundId: expect.stringMatching(/^re_/), chargeId: entries[0]?.stripe.chargeId },
    });
  });

  it("records a dispute when it opens, with Stripe's dispute fee, and when it closes (lost: the amount stays withdrawn)", async () => {
    const opened = await payments.openDispute(disputed.checkoutId);
    expect((await deliver(opened)).status).toBe(200);
    const closed = await payments.closeDispute(disputed.checkoutId, 'lost');
    expect((await deliver(closed)).status).toBe(200);
    expect((await deliver(closed)).status).toBe(200);
    const entries = await entriesOf(disputed.session.id);
    expect(kinds(entries)).toEqual(['payment', 'processing_fee', 'dispute_opened', 'dispute_fee', 'dispute_closed']);
    expect(entries.map((entry) => entry.disputedCents)).toEqual([0, 0, RATE_CENTS, 0, 0]);
    expect(entries[2]?.stripe.disputeId).toMatch(/^dp_/);
    // The platform's cost alone: the coach's net is untouched by it.
    expect(entries[3]).toMatchObject({
      processingFeeCents: STRIPE_DISPUTE_FEE_CENTS,
      netToCoachCents: 0,
      platformFeeCents: 0,
      stripe: { disputeId: entries[2]?.stripe.disputeId, chargeId: entries[0]?.stripe.chargeId },
    });
  });

  it('totals the range: paid sessions, gross, fees, refunds, disputes and net to coaches', async () => {
    const page = await ledgerAs(finance, { from: today(), to: today() });
    expect(page.entries).toHaveLength(10);
    expect(page.totals).toEqual([
      {
        currency: 'usd',
        paidSessions: 3,
        paidInvoices: 0,
        grossCents: 3 * RATE_CENTS,
        // The lost dispute took the fee and the coach's share back, as the refund did.
        platformFeeCents: FEE_CENTS,
        refundCents: RATE_CENTS,
        disputedCents: RATE_CENTS,
        netToCoachCents: RATE_CENTS - FEE_CENTS,
        transferredCents: 0,
        processingFeeCents: 3 * PROCESSING_FEE_CENTS + STRIPE_DISPUTE_FEE_CENTS,
        // The refunded and the disputed payments' processing fees and the dispute fee are lost: the platform's true net.
        platformNetCents: FEE_CENTS - 3 * PROCESSING_FEE_CENTS - STRIPE_DISPUTE_FEE_CENTS,
        transfersCents: 0,
        reversedCents: 0,
        refundRetries: 0,
        refundsGivenUp: 0,
      },
    ]);
    const refunds = await ledgerAs(finance, { from: today(), to: today(), kind: 'refund', coachId: coach.userId });
    expect(kinds(refunds.entries)).toEqual(['refund']);
    const otherCoach = await ledgerAs(finance, { from: today(), to: today(), coachId: outsider.userId });
    expect(otherCoach.entries).toEqual([]);
  });

  it('archives every verified event body as received, by day and event id', async () => {
    const eventId = JSON.parse(paidOnly.paid.body).id as string;
    const object = await s3BucketFromEnvironment('WEBHOOK_ARCHIVE_BUCKET').get(archiveKey(eventId, new Date()));
    expect(object && object !== 'unchanged' && new TextDecoder().decode(object.body)).toBe(paidOnly.paid.body);
  });

  it('refuses a bad range with 400', async () => {
    for (const query of ['from=2026-02-01&to=2026-01-01', 'from=yesterday&to=2026-01-01', 'to=2026-01-01']) {
      const response = await fetch(`${stack.apiUrl}/api/finance/ledger?${query}`, { headers: finance.auth });
      expect(response.status, query).toBe(400);
    }
  });
});

describe('the CSV export', () => {
  it('is UTF-8 with one header row, and its month parses back to the same totals', async () => {
    const month = today().slice(0, 8);
    const from = `${month}01`;
    const to = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const response = await fetch(`${stack.apiUrl}/api/finance/ledger.csv?from=${from}&to=${to}`, {
      headers: finance.auth,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = (await response.text())
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header?.slice(0, 8)).toEqual([
      'at',
      'kind',
      'currency',
      'gross',
      'platform_fee',
      'refund',
      'disputed',
      'net_to_coach',
    ]);
    expect(rows).toHaveLength(10);
    const column = (name: string) => (header as string[]).indexOf(name);
    const sum = (name: string) => rows.reduce((total, row) => total + Math.round(Number(row[column(name)]) * 100), 0);
    const { totals } = await ledgerAs(finance, { from, to });
    expect(new Set(rows.map((row) => row[column('currency')]))).toEqual(new Set(['USD']));
    expect({
      grossCents: sum('gross'),
      platformFeeCents: sum('platform_fee'),
      refundCents: sum('refund'),
      disputedCents: sum('disputed'),
      netToCoachCents: sum('net_to_coach'),
    }).toEqual({
      grossCents: totals[0]?.grossCents,
      platformFeeCents: totals[0]?.platformFeeCents,
      refundCents: totals[0]?.refundCents,
      disputedCents: totals[0]?.disputedCents,
      netToCoachCents: totals[0]?.netToCoachCents,
    });
  });
});

describe('who may read it', () => {
  it.each([
    ['/api/finance/ledger', 'from=2026-01-01&to=2026-01-31'],
    ['/api/finance/ledger.csv', 'from=2026-01-01&to=2026-01-31'],
  ])('%s answers 403 to a signed-in user outside the finance group, 401 to nobody', async (path, query) => {
    for (const user of [outsider, coach, mentee]) {
      const response = await fetch(`${stack.apiUrl}${path}?${query}`, { headers: user.auth });
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe('FORBIDDEN');
    }
    expect((await fetch(`${stack.apiUrl}${path}?${query}`)).status).toBe(401);
  });
});

describe("a coach's earnings", () => {
  it('sums the coach’s own entries, this month and all time', async () => {
    const response = await fetch(`${stack.apiUrl}/api/me/earnings`, { headers: coach.auth });
    expect(response.status).toBe(200);
    const { thisMonth, allTime } = earnings.parse(await response.json());
    expect(allTime).toEqual(thisMonth);
    expect(allTime[0]).toMatchObject({ paidSessions: 3, grossCents: 3 * RATE_CENTS, refundCents: RATE_CENTS });
    const other = earnings.parse(
      await (await fetch(`${stack.apiUrl}/api/me/earnings`, { headers: outsider.auth })).json(),
    );
    expect(other).toEqual({ thisMonth: [], allTime: [], heldCents: 0, transferredCents: 0 });
  });
});

describe('the daily reconciliation with Stripe', () => {
  const run = async () => (await reconcileJob({ day: today() })) as Reconciliation;

  it('matches every ledger entry of the day with a balance transaction', async () => {
    const result = await run();
    expect(result.mismatches).toEqual([]);
    // Three charges, one refund, one dispute (opened and lost sum up per charge).
    expect(result.matched).toBe(5);
  });

  it('finds an entry removed from either side, and the finance page shows it', async () => {
    const listed = await theProductsPayments().balanceTransactions(new Date(`${today()}T00:00:00Z`), new Date());
    const [forgotten] = listed.filter((transaction) => transaction.category === 'refund');
    if (!forgotten) throw new Error('the stand-in booked no refund');
    await forgetBalanceTransaction(forgotten);
    const [payment] = await entriesOf(paidOnly.session.id);
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.ledgerEntry(payment?.id as string) }));

    const result = await run();
    expect(result.mismatches).toEqual(
      expect.arrayContaining([
        {
          outcome: 'missing_in_stripe',
          kind: 'refund',
          source: forgotten.chargeId,
          ledgerCents: -RATE_CENTS,
          stripeCents: null,
        },
        {
          outcome: 'missing_in_ledger',
          kind: 'charge',
          source: payment?.stripe.chargeId,
          ledgerCents: null,
          stripeCents: RATE_CENTS,
        },
      ]),
    );
    expect(result.mismatches).toHaveLength(2);
    const page = await ledgerAs(finance, { from: today(), to: today() });
    expect(page.reconciliations).toEqual([result]);
  });
});

describe('the local demo seed', () => {
  it('books the stand-in balance transactions of its ledger, so every demo day reconciles', async () => {
    const now = DateTime.utc();
    await seedDemoLedger({
      menteeId: mentee.userId,
      coaches: [{ userId: coach.userId, hourlyRateCents: RATE_CENTS }],
      now,
      stableId: (name) => `demo-reconciliation-${name}`,
    });
    let matched = 0;
    // The demo month ends a few days before today, so these days hold only demo entries.
    for (let back = 32; back >= 2; back -= 1) {
      const day = now.minus({ days: back }).toISODate() as string;
      // As an operator re-running the month would: within Stripe's 25 requests a second to the balance list.
      await new Promise((resolve) => setTimeout(resolve, 1000 / 25));
      const result = (await reconcileJob({ day })) as Reconciliation;
      expect(result.mismatches, day).toEqual([]);
      matched += result.matched;
    }
    // Twelve charges, two refunds, three disputes opened and two closed (a lost one moves nothing, and matches),
    // and the transfers of the seven sessions delivered undisputed.
    expect(matched).toBe(26);
  });
});
