import { balanceTransactionsBetween, END_OF_TIME } from '../stripe-balance';
import { deliverToWebhook } from '../stripe-event-delivery';
import { failIfFaulted } from '../stripe-faults';
import type { LocalStripe } from '../stripe-payments';
import { invalidParameter, invalidRequest, noSuch } from './errors';
import type { StripeObject } from './expand';
import { invoicePaymentId, refundOf } from './objects';
import { LIST_PARAMS, listPage } from './lists';
import type { Params } from './params';

/** What a route gets of its request: the parameters (without `expand`), the ids in its path, and its URL path. */
export interface RouteRequest {
  params: Params;
  ids: string[];
  path: string;
  stripe: LocalStripe;
}

export interface Route {
  method: 'GET' | 'POST';
  /** `/v1/transfers/:id/reversals`; with the method, the endpoint rate limits and idempotency keys are counted by. */
  pattern: string;
  answer(request: RouteRequest): Promise<StripeObject>;
}

/** Stripe's minimum charge in usd. */
const MINIMUM_CHARGE_CENTS = 50;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's answer for a connected account the key cannot see or that does not exist. */
const noAccess = (accountId: string) =>
  invalidRequest(
    `The provided key does not have access to account '${accountId}' (or that account does not exist). Application access may have been revoked.`,
    { code: 'account_invalid', status: 403 },
  );

function url(params: Params, name: string): string | undefined;
function url(params: Params, name: string, required: 'required'): string;
function url(params: Params, name: string, required?: 'required'): string | undefined {
  const value = required ? params.text(name, required) : params.text(name);
  if (value !== undefined && !URL.canParse(value)) {
    throw invalidParameter('Not a valid URL', { param: name, code: 'url_invalid' });
  }
  return value;
}

async function existingAccount(stripe: LocalStripe, accountId: string) {
  const account = await stripe.findAccount(accountId);
  if (!account) throw noAccess(accountId);
  return account;
}

/** The line items of a Checkout Session: `price_data` only (the stand-in keeps no Prices), in usd. */
function checkoutLines(params: Params, mode: 'payment' | 'subscription') {
  const lines = params.hashes('line_items', 'required').map((line) => {
    line.only('quantity', 'price_data');
    const quantity = line.integer('quantity', 'required');
    if (quantity < 1) throw invalidParameter('Quantity must be at least 1.', { param: line.nameOf('quantity') });
    const price = line.hash('price_data', 'required').only('currency', 'unit_amount', 'product_data', 'recurring');
    price.choice('currency', ['usd'], 'required');
    const unitAmount = price.integer('unit_amount', 'required');
    const name = price.hash('product_data', 'required').only('name', 'description').text('name', 'required');
    const recurring = price.has('recurring');
    if (recurring) price.hash('recurring').only('interval', 'interval_count').choice('interval', ['month'], 'required');
    if (mode === 'payment' && recurring) {
      throw invalidRequest(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        { param: 'line_items' },
      );
    }
    if (mode === 'subscription' && !recurring) {
      throw invalidRequest('You must provide at least one recurring price in `subscription` mode when using prices.', {
        param: 'line_items',
      });
    }
    return { amountCents: quantity * unitAmount, name };
  });
  const amountCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (amountCents < MINIMUM_CHARGE_CENTS) {
    throw invalidRequest("The Checkout Session's total amount due must add up to at least $0.50 usd", {
      code: 'amount_too_small',
      param: 'line_items',
    });
  }
  return { amountCents, description: lines.map((line) => line.name).join(', ') };
}

async function createCheckoutSession({ params, stripe }: RouteRequest): Promise<StripeObject> {
  params.only(
    'mode',
    'line_items',
    'allowed_payment_method_types',
    'payment_intent_data',
    'subscription_data',
    'metadata',
    'client_reference_id',
    'customer_email',
    'success_url',
    'cancel_url',
    'expires_at',
  );
  const mode = params.choice('mode', ['payment', 'subscription'], 'required');
  for (const type of params.strings('allowed_payment_method_types')) {
    if (type !== 'card') {
      throw invalidRequest(`The local stand-in takes cards only, not ${type}.`, {
        param: 'allowed_payment_method_types',
      });
    }
  }
  const email = params.text('customer_email');
  if (email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(email)) {
    throw invalidParameter(`Invalid email address: ${email}`, { code: 'email_invalid', param: 'customer_email' });
  }
  const common = {
    ...checkoutLines(params, mode),
    customerEmail: email,
    successUrl: url(params, 'success_url', 'required'),
    cancelUrl: url(params, 'cancel_url') ?? '',
    metadata: params.metadata(),
    clientReferenceId: params.text('client_reference_id'),
  };
  if (mode === 'subscription') {
    if (params.has('payment_intent_data')) {
      throw invalidRequest('You can not pass `payment_intent_data` in `subscription` mode.', {
        param: 'payment_intent_data',
      });
    }
    const subscriptionData = params.hash('subscription_data').only('metadata', 'description');
    const checkout = await stripe.createSubscriptionCheckout({
      ...common,
      subscriptionMetadata: subscriptionData.metadata(),
    });
    return stripe.objects.subscriptionCheckoutSession(checkout);
  }
  if (params.has('subscription_data')) {
    throw invalidRequest('You can not pass `subscription_data` in `payment` mode.', { param: 'subscription_data' });
  }
  const now = nowSeconds();
  const expiresAt = params.integer('expires_at') ?? now + 24 * 60 * 60;
  if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 60 * 60) {
    throw invalidParameter(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      { param: 'expires_at' },
    );
  }
  const paymentData = params.hash('payment_intent_data').only('metadata', 'transfer_group');
  const checkout = await stripe.createCheckout({
    ...common,
    payBy: new Date(expiresAt * 1000).toISOString(),
    paymentMetadata: paymentData.metadata(),
    transferGroup: paymentData.text('transfer_group'),
  });
  return stripe.objects.checkoutSession(checkout);
}

async function checkoutSession(stripe: LocalStripe, checkoutId: string): Promise<StripeObject> {
  const checkout = await stripe.findCheckout(checkoutId);
  if (checkout) return stripe.objects.checkoutSession(checkout);
  const subscriptionCheckout = await stripe.findSubscriptionCheckout(checkoutId);
  if (subscriptionCheckout) return stripe.objects.subscriptionCheckoutSession(subscriptionCheckout);
  throw noSuch('checkout.session', checkoutId);
}

async function createRefund({ params, stripe }: RouteRequest): Promise<StripeObject> {
  params.only('payment_intent', 'charge', 'amount', 'reason', 'metadata');
  failIfFaulted('refunds');
  params.choice('reason', ['duplicate', 'fraudulent', 'requested_by_customer']);
  const param = params.has('payment_intent') ? 'payment_intent' : 'charge';
  const id = params.text(param);
  if (!id) {
    throw invalidParameter(
      'One of the following params should be provided for this request: payment_intent or charge.',
      {
        code: 'parameter_missing',
        param: 'payment_intent',
      },
    );
  }
  const amount = params.integer('amount');
  if (amount !== undefined) {
    const charge = await stripe.findCharge(id);
    if (amount < 1)
      throw invalidParameter('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
    // A charge may be refunded in part (a plan's unused sessions, a session split by support), once.
    if (charge && amount > charge.amountCents) {
      const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      throw invalidRequest(
        `Refund amount (${dollars(amount)}) is greater than charge amount (${dollars(charge.amountCents)})`,
        { param: 'amount' },
      );
    }
  }
  return stripe.objects.refund(await stripe.refund(id, param, amount));
}

async function createTransfer({ params, stripe }: RouteRequest): Promise<StripeObject> {
  params.only('amount', 'currency', 'destination', 'source_transaction', 'transfer_group', 'metadata', 'description');
  failIfFaulted('transfers');
  const amountCents = params.integer('amount', 'required');
  if (amountCents < 1)
    throw invalidParameter('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
  const transfer = await stripe.createTransfer({
    amountCents,
    currency: params.choice('currency', ['usd'], 'required') as string,
    destinationAccountId: params.text('destination', 'required'),
    sourceChargeId: params.text('source_transaction'),
    transferGroup: params.text('transfer_group'),
    description: params.text('description'),
    metadata: params.metadata(),
  });
  return stripe.objects.transfer(transfer);
}

/** `created[gte]`, `[gt]`, `[lte]`, `[lt]` (or `created` itself) as the half-open range [from, to) of Unix seconds. */
function createdRange(params: Params): { from: number; to: number } {
  if (!params.isHash('created')) {
    const exactly = params.integer('created');
    return exactly === undefined ? { from: 0, to: END_OF_TIME } : { from: exactly, to: exactly + 1 };
  }
  const created = params.hash('created').only('gte', 'gt', 'lte', 'lt');
  const gte = created.integer('gte');
  const gt = created.integer('gt');
  const lte = created.integer('lte');
  const lt = created.integer('lt');
  return {
    from: Math.max(gte ?? 0, gt === undefined ? 0 : gt + 1),
    to: Math.min(lt ?? END_OF_TIME, lte === undefined ? END_OF_TIME : lte + 1),
  };
}

/**
 * Every endpoint the product calls (functions/adapters/payments.ts), and the reads that go with
 * them, answering as Stripe's API does.
 */
export const STRIPE_ROUTES: readonly Route[] = [
  {
    method: 'POST',
    pattern: '/v1/accounts',
    async answer({ params, stripe }) {
      params.only('type', 'email', 'country', 'capabilities', 'metadata', 'business_type', 'default_currency');
      if (params.choice('type', ['express', 'standard', 'custom'], 'required') !== 'express') {
        throw invalidRequest('The local stand-in makes Express accounts only.', { param: 'type' });
      }
      params.hash('capabilities');
      const account = await stripe.createAccount({ email: params.text('email') ?? '', metadata: params.metadata() });
      return stripe.objects.account(account);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/accounts/:id',
    async answer({ params, ids: [accountId], stripe }) {
      params.only();
      return stripe.objects.account(await existingAccount(stripe, accountId as string));
    },
  },
  {
    method: 'POST',
    pattern: '/v1/accounts/:id/login_links',
    async answer({ params, ids: [accountId], stripe }) {
      params.only();
      const account = await existingAccount(stripe, accountId as string);
      return {
        object: 'login_link',
        created: nowSeconds(),
        url: stripe.page('dashboard', { account: account.accountId }),
      };
    },
  },
  {
    method: 'POST',
    pattern: '/v1/account_links',
    async answer({ params, stripe }) {
      params.only('account', 'type', 'return_url', 'refresh_url', 'collect', 'collection_options');
      const accountId = params.text('account', 'required');
      params.choice('type', ['account_onboarding', 'account_update'], 'required');
      const returnUrl = url(params, 'return_url', 'required');
      const refreshUrl = url(params, 'refresh_url', 'required');
      if (!(await stripe.findAccount(accountId))) throw noSuch('account', accountId, 'account');
      const created = nowSeconds();
      return {
        object: 'account_link',
        created,
        expires_at: created + 300,
        url: stripe.page('onboarding', { account: accountId, return: returnUrl, refresh: refreshUrl }),
      };
    },
  },
  { method: 'POST', pattern: '/v1/checkout/sessions', answer: createCheckoutSession },
  {
    method: 'GET',
    pattern: '/v1/checkout/sessions/:id',
    async answer({ params, ids: [checkoutId], stripe }) {
      params.only();
      return checkoutSession(stripe, checkoutId as string);
    },
  },
  {
    method: 'POST',
    pattern: '/v1/checkout/sessions/:id/expire',
    async answer({ params, ids: [checkoutId], stripe }) {
      params.only();
      if (await stripe.findSubscriptionCheckout(checkoutId as string)) {
        throw invalidRequest('The local stand-in does not expire subscription-mode Checkout Sessions.');
      }
      return stripe.objects.checkoutSession(await stripe.expireCheckout(checkoutId as string));
    },
  },
  {
    method: 'GET',
    pattern: '/v1/payment_intents/:id',
    async answer({ params, ids: [intentId], stripe }) {
      params.only();
      const charge = await stripe.findCharge(intentId as string);
      if (!charge || charge.paymentIntentId !== intentId) throw noSuch('payment_intent', intentId as string);
      return stripe.objects.paymentIntent(charge);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/charges/:id',
    async answer({ params, ids: [chargeId], stripe }) {
      params.only();
      const charge = await stripe.findCharge(chargeId as string);
      if (!charge?.paid || charge.chargeId !== chargeId) throw noSuch('charge', chargeId as string);
      return stripe.objects.charge(charge);
    },
  },
  { method: 'POST', pattern: '/v1/refunds', answer: createRefund },
  {
    method: 'GET',
    pattern: '/v1/refunds/:id',
    async answer({ params, ids: [refundId], stripe }) {
      params.only();
      const refunded = refundOf(await stripe.findCharge(refundId as string));
      if (!refunded || refunded.refundId !== refundId) throw noSuch('refund', refundId as string);
      return stripe.objects.refund(refunded);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/refunds',
    async answer({ params, path, stripe }) {
      params.only(...LIST_PARAMS, 'charge', 'payment_intent');
      const id = params.text('charge') ?? params.text('payment_intent');
      if (!id)
        throw invalidRequest('The local stand-in lists the refunds of one charge or payment_intent.', {
          param: 'charge',
        });
      const refunded = refundOf(await stripe.findCharge(id));
      const page = listPage(refunded ? [{ ...refunded, id: refunded.refundId }] : [], params, path, 'refund');
      return { ...page, data: page.data.map((refund) => stripe.objects.refund(refund)) };
    },
  },
  { method: 'POST', pattern: '/v1/transfers', answer: createTransfer },
  {
    method: 'GET',
    pattern: '/v1/transfers/:id',
    async answer({ params, ids: [transferId], stripe }) {
      params.only();
      const transfer = await stripe.findTransferById(transferId as string);
      if (!transfer) throw noSuch('transfer', transferId as string);
      return stripe.objects.transfer(transfer);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/transfers',
    async answer({ params, path, stripe }) {
      params.only(...LIST_PARAMS, 'transfer_group', 'destination', 'created');
      const group = params.text('transfer_group');
      const destination = params.text('destination');
      const { from, to } = createdRange(params);
      const transfers = (await stripe.allTransfers()).filter(
        (transfer) =>
          (group === undefined || transfer.transferGroup === group) &&
          (destination === undefined || transfer.destinationAccountId === destination) &&
          transfer.created >= from &&
          transfer.created < to,
      );
      const page = listPage(
        transfers.map((transfer) => ({ ...transfer, id: transfer.transferId })),
        params,
        path,
        'transfer',
      );
      return { ...page, data: page.data.map((transfer) => stripe.objects.transfer(transfer)) };
    },
  },
  {
    method: 'POST',
    pattern: '/v1/transfers/:id/reversals',
    async answer({ params, ids: [transferId], stripe }) {
      params.only('amount', 'metadata', 'description');
      const { transfer, reversal, event } = await stripe.reverseTransfer(
        transferId as string,
        params.integer('amount'),
      );
      deliverToWebhook(event);
      return stripe.objects.transferReversal(transfer, reversal);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/balance_transactions',
    async answer({ params, path, stripe }) {
      params.only(...LIST_PARAMS, 'created', 'type', 'currency');
      const type = params.text('type');
      const currency = params.text('currency');
      const { from, to } = createdRange(params);
      const transactions = (await balanceTransactionsBetween(from, to)).filter(
        (transaction) =>
          (type === undefined || transaction.type === type) &&
          (currency === undefined || transaction.currency === currency),
      );
      const page = listPage(transactions, params, path, 'balance_transaction');
      return { ...page, data: page.data.map((transaction) => stripe.objects.balanceTransaction(transaction)) };
    },
  },
  {
    method: 'GET',
    pattern: '/v1/subscriptions/:id',
    async answer({ params, ids: [subscriptionId], stripe }) {
      params.only();
      const subscription = await stripe.findSubscription(subscriptionId as string);
      if (!subscription) throw noSuch('subscription', subscriptionId as string);
      return stripe.objects.subscription(subscription);
    },
  },
  {
    method: 'POST',
    pattern: '/v1/subscriptions/:id',
    async answer({ params, ids: [subscriptionId], stripe }) {
      params.only('cancel_at_period_end', 'metadata');
      const subscription = await stripe.updateSubscription(subscriptionId as string, {
        cancelAtPeriodEnd: params.boolean('cancel_at_period_end'),
        metadata: params.has('metadata') ? params.metadata() : undefined,
      });
      return stripe.objects.subscription(subscription);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/invoices/:id',
    async answer({ params, ids: [invoiceId], stripe }) {
      params.only();
      const invoice = await stripe.findInvoice(invoiceId as string);
      if (!invoice) throw noSuch('invoice', invoiceId as string);
      return stripe.objects.invoice(invoice);
    },
  },
  {
    method: 'GET',
    pattern: '/v1/invoice_payments',
    async answer({ params, path, stripe }) {
      params.only(...LIST_PARAMS, 'invoice', 'status');
      const invoiceId = params.text('invoice');
      if (!invoiceId)
        throw invalidRequest('The local stand-in lists the payments of one invoice.', { param: 'invoice' });
      const status = params.choice('status', ['paid', 'open', 'canceled']);
      const invoice = await stripe.findInvoice(invoiceId);
      const listed =
        invoice && (status === undefined || status === invoice.status)
          ? [{ ...invoice, id: invoicePaymentId(invoice.invoiceId) }]
          : [];
      const page = listPage(listed, params, path, 'invoice_payment');
      return { ...page, data: page.data.map((paid) => stripe.objects.invoicePayment(paid)) };
    },
  },
];
