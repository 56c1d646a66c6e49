import http, { type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockOffsetMs, installLocalClock, setClockOffset } from '../../bin/local/clock';
import { stackPorts } from '../../bin/local/ports';
import { RequestLog } from '../../bin/local/request-log';
import { STAND_IN_SECRET_KEY, type StripeApiServer, startStripeApi } from '../../bin/local/stripe-api/server';
import stripeShapes from '../../bin/local/stripe-api/stripe-shapes.json';
import { webhookDeliveriesSettled } from '../../bin/local/stripe-event-delivery';
import { armStripeFaults } from '../../bin/local/stripe-faults';
import { type LocalStripe, localStripe } from '../../bin/local/stripe-payments';
import type { SignedEvent } from '../../bin/local/stripe-records';
import { stripePayments } from '../../functions/adapters/payments';
import type { Payments } from '../../functions/domain/ports';
import { STRIPE_KINDS, type StripeKind, stripeTypeProgram } from '../../scripts/stripe-types';
import { withTestTable } from '../support/handler-kit';

/**
 * Stripe's shapes, checked against Stripe's own description: the product's adapter
 * (functions/adapters/payments.ts) makes each of its calls to the stand-in of Stripe's API through
 * a recording proxy, the stand-in's events are caught as its webhook would get them, and every
 * answer and event is then type-checked, strictly (no field missing, none extra), against the
 * installed SDK's types of the API version it pins. The fields the product reads are checked
 * against Stripe's published fixtures (stripe/openapi, vendored by scripts/stripe-shapes.ts).
 */

withTestTable();

const SECRETS = { platform: 'whsec_shapes_platform', connect: 'whsec_shapes_connect' };

interface Answered {
  /** `GET /v1/refunds`: the method and path. */
  call: string;
  status: number;
  body: string;
}

const answered: Answered[] = [];
const events: string[] = [];
let server: StripeApiServer;
let proxy: http.Server;
let webhook: http.Server;
let standIn: LocalStripe;
let payments: Payments;
const webhookUrlBefore = process.env.LOCAL_STRIPE_WEBHOOK_URL;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const listen = (handler: http.RequestListener, port: number) =>
  new Promise<http.Server>((resolve) => {
    const started = http.createServer(handler);
    started.listen(port, '127.0.0.1', () => resolve(started));
  });

const closed = (stopping: http.Server | undefined) =>
  new Promise<void>((resolve) => (stopping ? stopping.close(() => resolve()) : resolve()));

/** Between the product's adapter and the stand-in: passes every call on and keeps what was answered. */
async function recordingProxy(req: IncomingMessage, res: http.ServerResponse) {
  const body = await bodyOf(req);
  const headers = Object.fromEntries(
    Object.entries(req.headers).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
    ),
  );
  const method = req.method ?? 'GET';
  const answer = await fetch(`${server.url}${req.url}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : body,
  });
  const text = await answer.text();
  answered.push({
    call: `${method} ${new URL(req.url ?? '/', server.url).pathname}`,
    status: answer.status,
    body: text,
  });
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(text);
}

const caught = (...signed: (SignedEvent | null)[]) => {
  for (const event of signed) if (event) events.push(event.body);
};

const checkoutRequest = (sessionId: string) => ({
  sessionId,
  amountCents: 12_000,
  description: 'Mentoring session',
  customerEmail: 'mentee@example.com',
  successUrl: 'http://localhost:5173/payment-success',
  cancelUrl: 'http://localhost:5173/payment-cancelled',
  expiresAt: new Date(Date.now() + 30 * 60_000),
});

/** A session's checkout, paid by the customer at the stand-in's page; its PaymentIntent. */
/** Days pass on the local clock, and Stripe Billing renews what fell due meanwhile. */
function daysPass(days: number) {
  installLocalClock();
  setClockOffset(clockOffsetMs() + days * 24 * 60 * 60_000);
  return standIn.billDueRenewals();
}

async function paidCheckout(sessionId: string) {
  const { checkoutId } = await payments.createCheckout(checkoutRequest(sessionId));
  caught(await standIn.settleCheckout(checkoutId, 'paid'));
  const state = await payments.checkoutState(checkoutId);
  return { checkoutId, paymentIntentId: state.paymentIntentId as string };
}

/** Every call the product makes, and every event Stripe sends it, on one run of the money's journey. */
async function moneyJourney() {
  const accountId = await payments.createConnectedAccount({ userId: 'coach-1', email: 'coach@example.com' });
  await payments.onboardingLink(accountId, 'http://localhost:5173/settings', 'http://localhost:5173/settings');
  await standIn.completeOnboarding(accountId);
  await payments.accountStatus(accountId);
  await payments.dashboardLink(accountId);
  caught(await standIn.signedAccountUpdated(accountId));

  const delivered = await paidCheckout('session-delivered');
  await payments.checkoutState((await payments.createCheckout(checkoutRequest('session-open'))).checkoutId);
  const captured = await payments.capturedPayment(delivered.paymentIntentId);
  const transfer = await payments.createTransfer({
    sessionId: 'session-delivered',
    amountCents: 10_000,
    currency: 'usd',
    destinationAccountId: accountId,
    sourceChargeId: captured.chargeId,
    attempt: 1,
  });
  if (transfer.result === 'transferred') caught((await standIn.reverseTransfer(transfer.transferId, 1_000)).event);

  const cancelled = await paidCheckout('session-cancelled');
  await payments.refund(cancelled.paymentIntentId, 'session-cancelled', 1, 12_000);
  const { chargeId } = await payments.capturedPayment(cancelled.paymentIntentId);
  const refundId = await payments.chargeRefund(chargeId, 12_000);
  await payments.refundProcessingFee(refundId as string);

  const { checkoutId: unpaid } = await payments.createCheckout(checkoutRequest('session-unpaid'));
  await payments.expireCheckout(unpaid);

  const disputed = await paidCheckout('session-disputed');
  caught(await standIn.openDispute(disputed.checkoutId), await standIn.closeDispute(disputed.checkoutId, 'lost'));

  const plan = await payments.createSubscriptionCheckout({
    subscriptionId: 'plan-1',
    amountCents: 20_000,
    description: 'Monthly mentoring',
    customerEmail: 'mentee@example.com',
    successUrl: 'http://localhost:5173/plans',
    cancelUrl: 'http://localhost:5173/plans',
  });
  caught(...(await standIn.paySubscriptionCheckout(plan.checkoutId)));
  const stripeSubscriptionId = (await standIn.findSubscriptionCheckout(plan.checkoutId))?.stripeSubscriptionId;
  const firstInvoice = (await standIn.findSubscription(stripeSubscriptionId as string))?.invoices;
  expect(firstInvoice).toBe(1);
  armStripeFaults({ invoices: 1 });
  caught(...(await daysPass(32)));
  caught(...(await daysPass(31)));
  const invoices = events
    .map((event) => JSON.parse(event) as { type: string; data: { object: { id: string; status: string } } })
    .filter((event) => event.type === 'invoice.paid')
    .map((event) => event.data.object.id);
  await payments.invoicePayment(invoices[0] as string);
  caught(await standIn.refundInvoice(invoices[0] as string));
  await payments.cancelSubscriptionAtPeriodEnd(stripeSubscriptionId as string);
  caught(...(await daysPass(31)));

  await payments.balanceTransactions(new Date(0), new Date(Date.now() + 400 * 24 * 60 * 60_000));
  await webhookDeliveriesSettled();
}

/** The SDK type an answer or event of Stripe's is, by its `object` (a list's by its items or its URL). */
function typeOf(call: string, object: { object?: string; data?: { object?: string }[] }): string {
  if (object.object === 'list') {
    const listed = (object.data?.[0]?.object ?? call.split('/v1/')[1]?.replace(/s$/, '')) as StripeKind;
    expect(STRIPE_KINDS, `the items of ${call}`).toHaveProperty([listed]);
    return `Stripe.ApiList<${STRIPE_KINDS[listed]}>`;
  }
  expect(STRIPE_KINDS, `the answer to ${call}`).toHaveProperty([object.object as string]);
  return STRIPE_KINDS[object.object as StripeKind];
}

interface ShapeError {
  checked: 'answer' | 'event';
  /** `POST /v1/refunds`, or the event's type. */
  what: string;
  message: string;
}

/**
 * Every answer and event as an object literal that `satisfies` its SDK type, in one program (the
 * SDK's types take seconds to load): a field missing, one too many or of another type is an error.
 */
function typeErrors(): ShapeError[] {
  const checked = [
    ...answered
      .filter((answer) => answer.status === 200)
      .map((answer) => ({
        checked: 'answer' as const,
        what: answer.call,
        literal: `${answer.body} satisfies ${typeOf(answer.call, JSON.parse(answer.body))}`,
      })),
    ...events.map((event) => ({
      checked: 'event' as const,
      what: (JSON.parse(event) as { type: string }).type,
      literal: `${event} satisfies Stripe.Event`,
    })),
  ];
  const source = [
    "import type Stripe from 'stripe';",
    ...checked.map((each, index) => `export const checked${index} = ${each.literal.replace(/\n/g, ' ')};`),
  ].join('\n');
  return stripeTypeProgram(source)
    .errors()
    .map(({ line, message }) => {
      const { checked: kind, what } = checked[line - 2] ?? { checked: 'answer' as const, what: `line ${line}` };
      return { checked: kind, what, message };
    });
}

let errors: ShapeError[];

beforeAll(async () => {
  const ports = await stackPorts(['stripe', 'proxy', 'webhook']);
  standIn = localStripe({ siteOrigin: 'http://localhost:5173', webhookSecrets: SECRETS });
  server = await startStripeApi({ port: ports.stripe, stripe: standIn, requestLog: new RequestLog() });
  proxy = await listen((req, res) => void recordingProxy(req, res), ports.proxy);
  webhook = await listen(async (req, res) => {
    events.push(await bodyOf(req));
    res.writeHead(200).end();
  }, ports.webhook);
  process.env.LOCAL_STRIPE_WEBHOOK_URL = `http://127.0.0.1:${ports.webhook}/api/webhooks/stripe`;
  payments = stripePayments(STAND_IN_SECRET_KEY, SECRETS, `http://127.0.0.1:${ports.proxy}`);
  await moneyJourney();
  errors = typeErrors();
}, 90_000);

afterAll(async () => {
  process.env.LOCAL_STRIPE_WEBHOOK_URL = webhookUrlBefore;
  await Promise.all([closed(proxy), closed(webhook), server?.stop()]);
});

describe('the stand-in of Stripe’s API', () => {
  it('answers each of the product’s calls with Stripe’s objects as the SDK types them, strictly', () => {
    expect(answered.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(new Set(answered.map((answer) => answer.call.replace(/\/(acct|cs|pi|re|tr|sub|in)_\w+/g, '/:id')))).toEqual(
      new Set([
        'POST /v1/accounts',
        'POST /v1/account_links',
        'GET /v1/accounts/:id',
        'POST /v1/accounts/:id/login_links',
        'POST /v1/checkout/sessions',
        'GET /v1/checkout/sessions/:id',
        'POST /v1/checkout/sessions/:id/expire',
        'GET /v1/payment_intents/:id',
        'GET /v1/transfers',
        'POST /v1/transfers',
        'GET /v1/transfers/:id',
        'POST /v1/refunds',
        'GET /v1/refunds',
        'GET /v1/refunds/:id',
        'GET /v1/invoice_payments',
        'POST /v1/subscriptions/:id',
        'GET /v1/balance_transactions',
      ]),
    );
    expect(errors.filter((error) => error.checked === 'answer')).toEqual([]);
  });

  it('sends each event in Stripe’s shape as the SDK types it, strictly, and a charge.refunded without refunds', () => {
    const types = events.map((event) => (JSON.parse(event) as { type: string }).type);
    expect(new Set(types)).toEqual(
      new Set([
        'account.updated',
        'checkout.session.completed',
        'checkout.session.expired',
        'transfer.reversed',
        'charge.refunded',
        'charge.dispute.created',
        'charge.dispute.closed',
        'customer.subscription.created',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'invoice.paid',
        'invoice.payment_failed',
      ]),
    );
    for (const event of events.filter((body) => JSON.parse(body).type === 'charge.refunded')) {
      expect(JSON.parse(event).data.object).not.toHaveProperty('refunds');
    }
    expect(errors.filter((error) => error.checked === 'event')).toEqual([]);
  });

  it('has every field the product reads in Stripe’s published fixtures', () => {
    // What functions/adapters/payments.ts, stripe-events.ts and stripe-balance.ts read of each object.
    const reads: Partial<Record<StripeKind, string[]>> = {
      account: ['id', 'charges_enabled', 'payouts_enabled', 'details_submitted'],
      account_link: ['url'],
      login_link: ['url'],
      'checkout.session': [
        'id',
        'url',
        'mode',
        'status',
        'payment_status',
        'payment_intent',
        'amount_total',
        'livemode',
        'metadata',
        'subscription',
      ],
      payment_intent: ['id', 'latest_charge'],
      charge: ['id', 'amount', 'amount_refunded', 'currency', 'balance_transaction', 'payment_intent'],
      refund: ['id', 'amount', 'status', 'payment_intent', 'balance_transaction'],
      dispute: ['id', 'amount', 'status', 'payment_intent'],
      transfer: ['id', 'amount', 'amount_reversed', 'transfer_group', 'metadata', 'reversals', 'source_transaction'],
      transfer_reversal: ['id', 'amount', 'transfer'],
      balance_transaction: ['id', 'amount', 'fee', 'currency', 'type', 'reporting_category', 'created', 'source'],
      subscription: ['id', 'status', 'metadata', 'cancel_at_period_end', 'items', 'items.data[].current_period_end'],
      invoice: [
        'id',
        'amount_paid',
        'amount_due',
        'hosted_invoice_url',
        'parent',
        'lines',
        'lines.data[].period.end',
        'lines.data[].parent.type',
      ],
      invoice_payment: ['payment', 'payment.type'],
      event: ['id', 'type', 'created', 'livemode', 'data', 'data.object'],
    };
    const missing = Object.entries(reads).flatMap(([kind, fields]) =>
      fields
        .filter((field) => !stripeShapes.kinds[kind as StripeKind].fixtureFields.includes(field))
        .map((field) => `${kind}.${field}`),
    );
    expect(missing).toEqual([]);
  });
});
