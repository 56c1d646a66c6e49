import type { IncomingMessage, ServerResponse } from 'node:http';
import { type LocalStripe, localStripeFromEnvironment } from './stripe-payments';
import type { LocalAccount, LocalCheckout, LocalSubscriptionCheckout } from './stripe-records';
import { escapeHtml } from '../../functions/domain/html';
import { appUrl, hidden, readForm, redirect, standInPage } from './standin-pages';
import { StripeApiError } from './stripe-api/errors';
import type { ClockDriven } from './clock';
import {
  deliverToWebhook,
  nextWebhookRetryAt,
  runDueWebhookDeliveries,
  serveWebhookDelivery,
} from './stripe-event-delivery';
import { readJson, sendJson, serveStripeFaults } from './stripe-faults';

const statusList = (account: LocalAccount) => `<dl>
<dt>Account</dt><dd>${escapeHtml(account.accountId)} (${escapeHtml(account.email)})</dd>
<dt>Card payments</dt><dd>${account.chargesEnabled ? 'enabled' : 'not enabled'}</dd>
<dt>Payouts</dt><dd>${account.payoutsEnabled ? 'enabled' : 'not enabled'}</dd>
<dt>Details</dt><dd>${account.detailsSubmitted ? 'submitted' : 'not submitted'}</dd>
</dl>`;

function onboardingPage(res: ServerResponse, account: LocalAccount, returnUrl: string, refreshUrl: string) {
  const fields = hidden('account', account.accountId) + hidden('return', returnUrl) + hidden('refresh', refreshUrl);
  stripePage(
    res,
    200,
    'Stripe Connect',
    `<h1>Stripe Connect (local stand-in)</h1>
<p class="note">The local stack stands in for Stripe's Express onboarding, where a mentor verifies their identity and bank account. Nothing here reaches Stripe.</p>
${statusList(account)}
<form method="post" action="/_local/stripe/onboarding/complete">${fields}
<button type="submit" class="primary">Complete onboarding</button></form>
<form method="post" action="/_local/stripe/onboarding/leave">${fields}
<button type="submit">Leave without finishing</button></form>`,
  );
}

function dashboardPage(res: ServerResponse, account: LocalAccount) {
  stripePage(
    res,
    200,
    'Express dashboard',
    `<h1>Express dashboard (local stand-in)</h1>
<p class="note">The local stack stands in for Stripe's Express dashboard, where a mentor sees their balance and payouts.</p>
${statusList(account)}`,
  );
}

/**
 * What finishing onboarding at Stripe does: the account is enabled, Stripe sends a signed
 * `account.updated` to the app's webhook (bin/local/stripe-event-delivery.ts), and the browser
 * goes back to the return URL.
 */
async function completeOnboarding(stripe: LocalStripe, accountId: string) {
  await stripe.completeOnboarding(accountId);
  await deliverToWebhook(await stripe.signedAccountUpdated(accountId));
}

const stripePage = (res: ServerResponse, status: number, title: string, body: string) =>
  standInPage(res, status, `${title} · Stripe (local stand-in)`, body);

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function checkoutPage(res: ServerResponse, checkout: LocalCheckout) {
  const field = hidden('checkout', checkout.checkoutId);
  const open = checkout.status === 'open';
  stripePage(
    res,
    200,
    'Checkout',
    `<h1>Checkout (local stand-in)</h1>
<p class="note">The local stack stands in for Stripe Checkout. No card is charged; paying here sends the same signed
<code>checkout.session.completed</code> event Stripe would send to the app's webhook.</p>
<dl><dt>For</dt><dd>${escapeHtml(checkout.description)}</dd>
<dt>Total</dt><dd>${dollars(checkout.amountCents)}</dd>
<dt>E-mail</dt><dd>${escapeHtml(checkout.customerEmail ?? '')}</dd>
<dt>Pay by</dt><dd>${escapeHtml(new Date(checkout.payBy).toUTCString())}</dd>
<dt>Status</dt><dd>${escapeHtml(checkout.status)}</dd></dl>
${
  open
    ? `<form method="post" action="/_local/stripe/checkout/pay">${field}<button type="submit" class="primary">Pay ${dollars(checkout.amountCents)}</button></form>
<form method="post" action="/_local/stripe/checkout/cancel">${field}<button type="submit">Cancel and go back</button></form>
<form method="post" action="/_local/stripe/checkout/expire">${field}<button type="submit">Let it expire</button></form>`
    : '<p>This checkout is no longer open.</p>'
}`,
  );
}

function subscriptionCheckoutPage(res: ServerResponse, checkout: LocalSubscriptionCheckout) {
  const field = hidden('checkout', checkout.checkoutId);
  stripePage(
    res,
    200,
    'Checkout',
    `<h1>Checkout (local stand-in)</h1>
<p class="note">The local stack stands in for Stripe Checkout in subscription mode. No card is charged; subscribing here sends
the signed <code>customer.subscription.created</code>, <code>invoice.paid</code> and <code>checkout.session.completed</code> events Stripe would send.</p>
<dl><dt>For</dt><dd>${escapeHtml(checkout.description)}</dd>
<dt>Billed</dt><dd>${dollars(checkout.amountCents)} every month</dd>
<dt>E-mail</dt><dd>${escapeHtml(checkout.customerEmail ?? '')}</dd>
<dt>Status</dt><dd>${escapeHtml(checkout.status)}</dd></dl>
${
  checkout.status === 'open'
    ? `<form method="post" action="/_local/stripe/checkout/pay">${field}<button type="submit" class="primary">Subscribe for ${dollars(checkout.amountCents)} a month</button></form>
<form method="post" action="/_local/stripe/checkout/cancel">${field}<button type="submit">Cancel and go back</button></form>`
    : '<p>This checkout is no longer open.</p>'
}`,
  );
}

/** Subscribe or go back; the events go to the webhook as one burst, in the order Stripe sends them. */
async function serveSubscriptionCheckout(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  stripe: LocalStripe,
  checkout: LocalSubscriptionCheckout,
) {
  switch (`${req.method} ${url.pathname}`) {
    case 'GET /_local/stripe/checkout':
      return subscriptionCheckoutPage(res, checkout);
    case 'POST /_local/stripe/checkout/cancel':
      return redirect(res, checkout.cancelUrl);
    case 'POST /_local/stripe/checkout/pay': {
      await deliverToWebhook(await stripe.paySubscriptionCheckout(checkout.checkoutId));
      return redirect(res, checkout.successUrl);
    }
    default:
      return stripePage(res, 404, 'Not found', '<h1>Not a page of the local Stripe stand-in</h1>');
  }
}

/** Pay, go back, or let the 30 minutes run out: each as Stripe Checkout would end. */
async function serveCheckout(req: IncomingMessage, res: ServerResponse, url: URL, stripe: LocalStripe) {
  const form = req.method === 'POST' ? await readForm(req) : url.searchParams;
  const checkoutId = form.get('checkout') ?? form.get('id') ?? '';
  const subscriptionCheckout = await stripe.findSubscriptionCheckout(checkoutId);
  if (subscriptionCheckout) return serveSubscriptionCheckout(req, res, url, stripe, subscriptionCheckout);
  const checkout = await stripe.findCheckout(checkoutId);
  if (!checkout)
    return stripePage(res, 404, 'Unknown checkout', '<h1>No such checkout in the local Stripe stand-in</h1>');
  switch (`${req.method} ${url.pathname}`) {
    case 'GET /_local/stripe/checkout':
      return checkoutPage(res, checkout);
    case 'POST /_local/stripe/checkout/cancel':
      return redirect(res, checkout.cancelUrl);
    case 'POST /_local/stripe/checkout/pay':
    case 'POST /_local/stripe/checkout/expire': {
      const paid = url.pathname.endsWith('/pay');
      const event = await stripe.settleCheckout(checkout.checkoutId, paid ? 'paid' : 'expired');
      if (event) await deliverToWebhook(event);
      return redirect(res, paid && (event || checkout.status === 'paid') ? checkout.successUrl : checkout.cancelUrl);
    }
    default:
      return stripePage(res, 404, 'Not found', '<h1>Not a page of the local Stripe stand-in</h1>');
  }
}

/** The hosted invoice page Stripe links a failed payment's e-mail to. */
async function invoicePage(res: ServerResponse, url: URL, stripe: LocalStripe) {
  const invoice = await stripe.findInvoice(url.searchParams.get('id') ?? '');
  if (!invoice) return stripePage(res, 404, 'Unknown invoice', '<h1>No such invoice in the local Stripe stand-in</h1>');
  stripePage(
    res,
    200,
    'Invoice',
    `<h1>Invoice (local stand-in)</h1>
<p class="note">Stripe's hosted invoice page, where a customer pays an open invoice with another card.</p>
<dl><dt>Invoice</dt><dd>${escapeHtml(invoice.invoiceId)}</dd>
<dt>Amount</dt><dd>${dollars(invoice.amountCents)}</dd>
<dt>Status</dt><dd>${escapeHtml(invoice.status)}</dd></dl>`,
  );
}

/**
 * What Stripe does as the local clock passes: it renews the subscriptions whose period ended and
 * sends their events, and retries the webhook deliveries that fell due.
 */
export const stripeOnTheClock: ClockDriven = {
  async nextDueAt() {
    const times = [await localStripeFromEnvironment()?.nextRenewalAt(), nextWebhookRetryAt()].filter(
      (at): at is number => at !== undefined,
    );
    return times.length > 0 ? Math.min(...times) : undefined;
  },
  async clockMoved() {
    runDueWebhookDeliveries();
    const stripe = localStripeFromEnvironment();
    if (stripe) await deliverToWebhook(await stripe.billDueRenewals());
  },
};

/**
 * `POST /_local/stripe/transfers/reverse {"transfer": "tr_…", "amountCents": N}`: what reversing a
 * transfer in Stripe's Dashboard does (all that is left when no amount is given): Stripe takes the
 * money back from the coach's account and sends `transfer.reversed` to the app's webhook.
 */
async function serveTransferReversal(req: IncomingMessage, res: ServerResponse, stripe: LocalStripe) {
  if (req.method !== 'POST') return sendJson(res, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: 'POST' } });
  const body = (await readJson(req)) as { transfer?: unknown; amountCents?: unknown } | undefined;
  const amount = body?.amountCents;
  if (typeof body?.transfer !== 'string' || (amount !== undefined && !Number.isInteger(amount))) {
    return sendJson(res, 400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Send {"transfer": "tr_…"} and, for part of it, a whole "amountCents".',
      },
    });
  }
  try {
    const { event } = await stripe.reverseTransfer(body.transfer, amount as number | undefined);
    await deliverToWebhook(event);
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return sendJson(res, error.status, { error: error.error });
  }
  sendJson(res, 200, { reversed: true });
}

/** `/_local/stripe/*`: the pages the Stripe stand-in's API links to instead of Stripe's, and its test controls. */
export async function serveStripeStandIn(req: IncomingMessage, res: ServerResponse, url: URL) {
  if (url.pathname === '/_local/stripe/faults') return serveStripeFaults(req, res);
  if (url.pathname === '/_local/stripe/delivery') return serveWebhookDelivery(req, res);
  const stripe = localStripeFromEnvironment();
  if (!stripe) return stripePage(res, 404, 'Not in use', '<h1>The local Stripe stand-in is not in use</h1>');
  if (url.pathname === '/_local/stripe/invoice') return invoicePage(res, url, stripe);
  if (url.pathname.startsWith('/_local/stripe/checkout')) return serveCheckout(req, res, url, stripe);
  if (url.pathname === '/_local/stripe/transfers/reverse') return serveTransferReversal(req, res, stripe);
  const form = req.method === 'POST' ? await readForm(req) : url.searchParams;
  const account = await stripe.findAccount(form.get('account') ?? '');
  if (!account) return stripePage(res, 404, 'Unknown account', '<h1>No such account in the local Stripe stand-in</h1>');
  if (req.method === 'GET' && url.pathname === '/_local/stripe/dashboard') return dashboardPage(res, account);
  const returnUrl = appUrl(form.get('return'));
  const refreshUrl = appUrl(form.get('refresh'));
  if (!returnUrl || !refreshUrl) {
    return stripePage(res, 400, 'Bad link', '<h1>The onboarding link needs return and refresh URLs of the app</h1>');
  }
  switch (`${req.method} ${url.pathname}`) {
    case 'GET /_local/stripe/onboarding':
      return onboardingPage(res, account, returnUrl, refreshUrl);
    case 'POST /_local/stripe/onboarding/leave':
      return redirect(res, refreshUrl);
    case 'POST /_local/stripe/onboarding/complete':
      await completeOnboarding(stripe, account.accountId);
      return redirect(res, returnUrl);
    default:
      return stripePage(res, 404, 'Not found', '<h1>Not a page of the local Stripe stand-in</h1>');
  }
}
