import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackPorts } from '../../bin/local/ports';
import { RequestLog } from '../../bin/local/request-log';
import { type StripeApiServer, startStripeApi } from '../../bin/local/stripe-api/server';
import { armStripeFaults } from '../../bin/local/stripe-faults';
import { type LocalStripe, localStripe } from '../../bin/local/stripe-payments';
import { withTestTable } from '../support/handler-kit';

/**
 * The stand-in of Stripe's API (bin/local/stripe-api) as the official SDK sees it, pointed at it
 * with any test-mode key: what the product creates can be created and read back, a repeated
 * idempotency key answers the same object, and Stripe's refusals come as the SDK's error classes.
 */

withTestTable();
let server: StripeApiServer;
let standIn: LocalStripe;
let stripe: Stripe;
let port: number;
const requestLog = new RequestLog();
/** Set while a test's burst must count as one second however slowly a busy machine sends it. */
let rateLimitHeldAt: number | null = null;

const sdk = (key: string) => new Stripe(key, { host: 'localhost', port, protocol: 'http', maxNetworkRetries: 0 });

/** What the SDK threw, for matching on its class and Stripe's fields. */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('Stripe did not refuse the call');
}

const uniqueKey = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;

const paymentCheckout = (amountCents: number, sessionId: string) => ({
  mode: 'payment' as const,
  line_items: [
    { quantity: 1, price_data: { currency: 'usd', unit_amount: amountCents, product_data: { name: 'Mentoring' } } },
  ],
  allowed_payment_method_types: ['card'],
  payment_intent_data: { transfer_group: sessionId, metadata: { sessionId } },
  metadata: { sessionId },
  customer_email: 'mentee@example.com',
  success_url: 'http://localhost:5173/payment-success',
  cancel_url: 'http://localhost:5173/payment-cancelled',
  expires_at: Math.floor(Date.now() / 1000) + 31 * 60,
});

/** A paid checkout of `amountCents`, as the customer pays it at the stand-in's Checkout page. */
async function paidCheckout(amountCents: number) {
  const sessionId = uniqueKey('session');
  const checkout = await stripe.checkout.sessions.create(paymentCheckout(amountCents, sessionId));
  await standIn.settleCheckout(checkout.id, 'paid');
  const paid = await stripe.checkout.sessions.retrieve(checkout.id);
  return { sessionId, paymentIntentId: paid.payment_intent as string };
}

async function onboardedAccount() {
  const account = await stripe.accounts.create({ type: 'express', email: 'coach@example.com' });
  await standIn.completeOnboarding(account.id);
  return account.id;
}

beforeAll(async () => {
  ({ stripe: port } = await stackPorts(['stripe']));
  standIn = localStripe({
    siteOrigin: 'http://localhost:5173',
    webhookSecrets: { platform: 'whsec_test_platform', connect: 'whsec_test_connect' },
  });
  server = await startStripeApi({
    port,
    stripe: standIn,
    requestLog,
    rateLimitClock: () => rateLimitHeldAt ?? Date.now(),
  });
  stripe = sdk('sk_test_any_key_will_do');
});

afterAll(async () => {
  await server?.stop();
});

describe('a connected account', () => {
  it('is created, read back, and answered again for a repeated idempotency key', async () => {
    const key = uniqueKey('connected-account');
    const params = {
      type: 'express' as const,
      email: 'coach@example.com',
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      metadata: { userId: 'user-1' },
    };
    const created = await stripe.accounts.create(params, { idempotencyKey: key });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^acct_/),
      object: 'account',
      type: 'express',
      charges_enabled: false,
      payouts_enabled: false,
      metadata: { userId: 'user-1' },
    });
    const again = await stripe.accounts.create(params, { idempotencyKey: key });
    expect(again.id).toBe(created.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(requestLog.list('stripe').filter((request) => request.idempotencyKey === key)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/v1/accounts', action: 'POST /v1/accounts', status: 200 }),
      expect.objectContaining({ method: 'POST', path: '/v1/accounts', action: 'POST /v1/accounts', status: 200 }),
    ]);
    expect(await stripe.accounts.retrieve(created.id)).toMatchObject({ id: created.id, email: 'coach@example.com' });

    const changed = await refusal(
      stripe.accounts.create({ ...params, email: 'other@example.com' }, { idempotencyKey: key }),
    );
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(changed).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400, rawType: 'idempotency_error' });
  });

  it('gets onboarding and dashboard links to the stand-in’s pages', async () => {
    const account = await stripe.accounts.create({ type: 'express', email: 'coach@example.com' });
    const linkParams = {
      account: account.id,
      type: 'account_onboarding' as const,
      return_url: 'http://localhost:5173/settings?stripe=connected',
      refresh_url: 'http://localhost:5173/settings',
    };
    const link = await stripe.accountLinks.create(linkParams);
    expect(link).toMatchObject({ object: 'account_link', url: expect.stringContaining('/_local/stripe/onboarding?') });
    expect((await stripe.accounts.createLoginLink(account.id)).url).toContain('/_local/stripe/dashboard?');
    const unknown = await refusal(stripe.accountLinks.create({ ...linkParams, account: 'acct_nobody' }));
    expect(unknown).toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', param: 'account' });
  });
});

describe('a payment-mode Checkout', () => {
  it('is created open, and once paid names its PaymentIntent, whose charge expands to its balance and fee', async () => {
    const sessionId = uniqueKey('session');
    const checkout = await stripe.checkout.sessions.create(paymentCheckout(12_000, sessionId), {
      idempotencyKey: `checkout-${sessionId}`,
    });
    expect(checkout).toMatchObject({
      id: expect.stringMatching(/^cs_/),
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 12_000,
      payment_intent: null,
      metadata: { sessionId },
      url: expect.stringContaining('/_local/stripe/checkout?id='),
    });
    await standIn.settleCheckout(checkout.id, 'paid');

    const paid = await stripe.checkout.sessions.retrieve(checkout.id, { expand: ['payment_intent'] });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ object: 'payment_intent', status: 'succeeded', transfer_group: sessionId });
    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge.balance_transaction'] });
    const charge = expanded.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ id: expect.stringMatching(/^ch_/), amount: 12_000, currency: 'usd' });
    expect(charge).not.toHaveProperty('refunds');
    expect(charge.balance_transaction).toMatchObject({
      object: 'balance_transaction',
      type: 'charge',
      amount: 12_000,
      fee: Math.round(12_000 * 0.029) + 30,
    });
    const unexpanded = await stripe.paymentIntents.retrieve(intent.id);
    expect(unexpanded.latest_charge).toBe(charge.id);
  });

  it('is refused under Stripe’s 50¢ minimum, and a field that cannot be expanded is refused', async () => {
    const small = await refusal(stripe.checkout.sessions.create(paymentCheckout(49, uniqueKey('session'))));
    expect(small).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(small).toMatchObject({ statusCode: 400, code: 'amount_too_small' });
    expect(await stripe.checkout.sessions.create(paymentCheckout(50, uniqueKey('session')))).toMatchObject({
      amount_total: 50,
    });

    const checkout = await stripe.checkout.sessions.create(paymentCheckout(5_000, uniqueKey('session')));
    const notExpandable = await refusal(stripe.checkout.sessions.retrieve(checkout.id, { expand: ['metadata'] }));
    expect(notExpandable).toMatchObject({ type: 'StripeInvalidRequestError', param: 'expand' });
  });

  it('is expired once, and refuses a second expiry as Stripe does', async () => {
    const checkout = await stripe.checkout.sessions.create(paymentCheckout(5_000, uniqueKey('session')));
    expect(await stripe.checkout.sessions.expire(checkout.id)).toMatchObject({ status: 'expired', url: null });
    const again = await refusal(stripe.checkout.sessions.expire(checkout.id));
    expect(again).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    const missing = await refusal(stripe.checkout.sessions.retrieve('cs_nobody'));
    expect(missing).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
  });
});

describe('a refund', () => {
  it('is made once per charge, its balance keeps Stripe’s fee, and a key’s first failure is answered again', async () => {
    const { paymentIntentId } = await paidCheckout(8_000);
    armStripeFaults({ refunds: 1 });
    const failed = await refusal(
      stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey: 'refund-try-1' }),
    );
    expect(failed).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(failed).toMatchObject({ statusCode: 500, rawType: 'api_error' });
    // Stripe keeps a key's 500 for a day: the same key fails again, however the stand-in's faults stand.
    expect(
      await refusal(stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey: 'refund-try-1' })),
    ).toMatchObject({ statusCode: 500 });

    const refund = await stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey: 'refund-try-2' });
    expect(refund).toMatchObject({
      id: expect.stringMatching(/^re_/),
      object: 'refund',
      status: 'succeeded',
      amount: 8_000,
    });
    const read = await stripe.refunds.retrieve(refund.id, { expand: ['balance_transaction'] });
    expect(read.balance_transaction).toMatchObject({ type: 'refund', amount: -8_000, fee: 0 });
    expect((await stripe.refunds.list({ payment_intent: paymentIntentId })).data.map((each) => each.id)).toEqual([
      refund.id,
    ]);
    const twice = await refusal(
      stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey: 'refund-try-3' }),
    );
    expect(twice).toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_already_refunded' });
  });
});

describe('a transfer', () => {
  it('is refused to an account without payouts and beyond its source charge, and made within it', async () => {
    const { sessionId, paymentIntentId } = await paidCheckout(10_000);
    const charge = (await stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge as string;
    const unfinished = await stripe.accounts.create({ type: 'express', email: 'coach@example.com' });
    const transfer = (destination: string, amount: number) =>
      stripe.transfers.create({
        amount,
        currency: 'usd',
        destination,
        source_transaction: charge,
        transfer_group: sessionId,
        metadata: { sessionId },
      });

    const noPayouts = await refusal(transfer(unfinished.id, 1_000));
    expect(noPayouts).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(noPayouts).toMatchObject({ code: 'insufficient_capabilities_for_transfer', param: 'destination' });

    const destination = await onboardedAccount();
    // What the charge left on the platform's balance: $100 less Stripe's $3.20.
    const beyond = await refusal(transfer(destination, 10_000 - 320 + 1));
    expect(beyond).toMatchObject({ type: 'StripeInvalidRequestError', code: 'balance_insufficient' });
    const made = await transfer(destination, 8_500);
    expect(made).toMatchObject({
      id: expect.stringMatching(/^tr_/),
      amount: 8_500,
      destination,
      source_transaction: charge,
    });

    const listed = await stripe.transfers.list({ transfer_group: sessionId, limit: 1 });
    expect(listed.data.map((each) => each.id)).toEqual([made.id]);
    const read = await stripe.transfers.retrieve(made.id, { expand: ['source_transaction', 'destination'] });
    expect(read.source_transaction).toMatchObject({ id: charge, object: 'charge' });
    expect(read.destination).toMatchObject({ id: destination, payouts_enabled: true });
    expect((await refusal(transfer(destination, 10_000 - 320 - 8_500 + 1))).code).toBe('balance_insufficient');

    const reversal = await stripe.transfers.createReversal(made.id, { amount: 500 });
    expect(reversal).toMatchObject({ object: 'transfer_reversal', amount: 500, transfer: made.id });
    expect(await stripe.transfers.retrieve(made.id)).toMatchObject({ amount_reversed: 500, reversed: false });
  });
  it("keeps a refusal made once it ran for its idempotency key, and none of the parameters' validation", async () => {
    const { sessionId, paymentIntentId } = await paidCheckout(10_000);
    const charge = (await stripe.paymentIntents.retrieve(paymentIntentId)).latest_charge as string;
    const destination = await onboardedAccount();
    const transfer = (amount: number, idempotencyKey: string) =>
      stripe.transfers.create(
        { amount, currency: 'usd', destination, source_transaction: charge, transfer_group: sessionId },
        { idempotencyKey },
      );
    const answersFor = (key: string) =>
      server
        .requests()
        .filter((request) => request.idempotencyKey === key)
        .map(({ status, replayed }) => ({ status, replayed }));

    const refusedKey = uniqueKey('transfer');
    armStripeFaults({ transfers: 1 });
    expect((await refusal(transfer(8_500, refusedKey))).code).toBe('balance_insufficient');
    // The fault is spent, yet Stripe answers the key's saved refusal for a day.
    const again = await refusal(transfer(8_500, refusedKey));
    expect(again).toMatchObject({ statusCode: 400, code: 'balance_insufficient' });
    expect(again.headers?.['idempotent-replayed']).toBe('true');
    expect(answersFor(refusedKey)).toEqual([
      { status: 400, replayed: false },
      { status: 400, replayed: true },
    ]);

    const invalidKey = uniqueKey('transfer');
    expect(await refusal(transfer(0, invalidKey))).toMatchObject({ code: 'parameter_invalid_integer' });
    // Nothing was kept, so the key may carry other parameters.
    expect(await transfer(8_500, invalidKey)).toMatchObject({ amount: 8_500, destination });
    expect(answersFor(invalidKey)).toEqual([
      { status: 400, replayed: false },
      { status: 200, replayed: false },
    ]);
  });
});

describe('the balance transactions', () => {
  it('are listed newest first in pages, follow starting_after, and expand their sources', async () => {
    const from = Math.floor(Date.now() / 1000);
    await paidCheckout(6_000);
    await paidCheckout(7_000);
    const created = { gte: from, lt: Math.floor(Date.now() / 1000) + 1 };
    const first = await stripe.balanceTransactions.list({ created, type: 'charge', limit: 1, expand: ['data.source'] });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/balance_transactions' });
    expect(first.data[0]?.source).toMatchObject({ object: 'charge' });
    const all = await stripe.balanceTransactions
      .list({ created, type: 'charge', limit: 1 })
      .autoPagingToArray({ limit: 10 });
    // Newest first; a charge of an earlier case may share the first second.
    expect(all.map((transaction) => transaction.amount).slice(0, 2)).toEqual([7_000, 6_000]);
    expect(typeof all[0]?.source).toBe('string');
    const after = await refusal(stripe.balanceTransactions.list({ created, starting_after: 'txn_nobody' }));
    expect(after).toMatchObject({ type: 'StripeInvalidRequestError', param: 'starting_after' });
  });
});

describe('a plan subscription', () => {
  it('is subscribed through Checkout, read back, and set to cancel at the period end', async () => {
    const checkout = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 20_000,
            recurring: { interval: 'month' },
            product_data: { name: 'Monthly mentoring' },
          },
        },
      ],
      allowed_payment_method_types: ['card'],
      subscription_data: { metadata: { subscriptionId: 'plan-subscription-1' } },
      metadata: { subscriptionId: 'plan-subscription-1' },
      customer_email: 'mentee@example.com',
      success_url: 'http://localhost:5173/plans/success',
      cancel_url: 'http://localhost:5173/plans',
    });
    expect(checkout).toMatchObject({ mode: 'subscription', status: 'open', subscription: null });
    await standIn.paySubscriptionCheckout(checkout.id);

    const paid = await stripe.checkout.sessions.retrieve(checkout.id, { expand: ['subscription'] });
    const subscription = paid.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      metadata: { subscriptionId: 'plan-subscription-1' },
    });
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ id: subscription.id, cancel_at_period_end: true });
  });

  it('answers the payment of an invoice, whose PaymentIntent expands to its charge and fee', async () => {
    const checkout = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 9_000,
            recurring: { interval: 'month' },
            product_data: { name: 'Plan' },
          },
        },
      ],
      subscription_data: { metadata: { subscriptionId: 'plan-subscription-2' } },
      success_url: 'http://localhost:5173/plans/success',
    });
    const events = await standIn.paySubscriptionCheckout(checkout.id);
    const invoiceId = (JSON.parse((events[1] as { body: string }).body) as { data: { object: { id: string } } }).data
      .object.id;
    const invoice = await stripe.invoices.retrieve(invoiceId);
    expect(invoice).toMatchObject({ object: 'invoice', status: 'paid', amount_paid: 9_000 });
    const payments = await stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 });
    const intent = payments.data[0]?.payment.payment_intent as string;
    expect(intent).toMatch(/^pi_/);
    const charge = (await stripe.paymentIntents.retrieve(intent, { expand: ['latest_charge.balance_transaction'] }))
      .latest_charge as Stripe.Charge;
    expect(charge.balance_transaction).toMatchObject({ fee: Math.round(9_000 * 0.029) + 30 });
  });
});

describe('Stripe’s rules of the API', () => {
  it('refuses a key that is not a test-mode secret key, and a request without one', async () => {
    const live = await refusal(sdk('sk_live_not_here').accounts.create({ type: 'express' }));
    expect(live).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(live).toMatchObject({ statusCode: 401 });
    expect(await refusal(sdk('pk_test_publishable').balanceTransactions.list())).toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    const anonymous = await fetch(`http://localhost:${port}/v1/balance_transactions`);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error).toMatchObject({ type: 'invalid_request_error' });
  });

  it('refuses an unknown parameter, an unknown URL, an unknown connected account and API version', async () => {
    const unknown = await refusal(
      stripe.accounts.create({ type: 'express', nickname: 'x' } as Stripe.AccountCreateParams),
    );
    expect(unknown).toMatchObject({ code: 'parameter_unknown', param: 'nickname' });
    const nowhere = await fetch(`http://localhost:${port}/v1/nowhere`, {
      headers: { authorization: 'Bearer sk_test_x' },
    });
    expect(nowhere.status).toBe(404);
    const otherAccount = await refusal(stripe.balanceTransactions.list({}, { stripeAccount: 'acct_nobody' }));
    expect(otherAccount).toBeInstanceOf(Stripe.errors.StripePermissionError);
    const version = await fetch(`http://localhost:${port}/v1/balance_transactions`, {
      headers: { authorization: 'Bearer sk_test_x', 'stripe-version': 'yesterday' },
    });
    expect(version.status).toBe(400);
    const pinned = await fetch(`http://localhost:${port}/v1/balance_transactions?limit=1`, {
      headers: { authorization: 'Bearer sk_test_x' },
    });
    expect(pinned.headers.get('stripe-version')).toBe(Stripe.API_VERSION);
    expect(pinned.headers.get('request-id')).toMatch(/^req_/);
  });

  it('answers 429 rate_limit past 25 requests a second to one endpoint, and the others still answer', async () => {
    const account = await stripe.accounts.create({ type: 'express' });
    rateLimitHeldAt = Date.now();
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, () => stripe.accounts.retrieve(account.id)),
    ).finally(() => {
      rateLimitHeldAt = null;
    });
    const limited = answers.filter((answer) => answer.status === 'rejected');
    expect(limited).toHaveLength(5);
    for (const answer of limited) {
      expect((answer as PromiseRejectedResult).reason).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
      expect((answer as PromiseRejectedResult).reason).toMatchObject({ statusCode: 429, code: 'rate_limit' });
    }
    expect((await stripe.balanceTransactions.list({ limit: 1 })).object).toBe('list');
  });
});
