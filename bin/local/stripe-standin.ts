import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type LocalAccount,
  localPaymentsFromEnvironment,
  type LocalPayments,
} from '../../functions/adapters/local-payments';
import { escapeHtml } from './mailbox';

/** Far above the stand-in's own forms, which carry an account id and two URLs. */
const MAX_FORM_BYTES = 16 * 1024;

function sendPage(res: ServerResponse, status: number, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe (local stand-in)</title>
<style>
body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}
.note{background:#fef9c3;border:1px solid #facc15;border-radius:.5rem;padding:.75rem 1rem}
form{display:inline-block;margin:1rem 1rem 0 0}
button{font:inherit;padding:.6rem 1.1rem;border-radius:.4rem;border:1px solid #334155;background:#fff;cursor:pointer}
button.primary{background:#635bff;border-color:#635bff;color:#fff}
button:focus-visible{outline:3px solid #0f4c5c;outline-offset:2px}
dt{font-weight:600}dd{margin:0 0 .5rem}
</style></head>
<body><main>${body}</main></body></html>`);
}

const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
};

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new Error('The stand-in form is too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Like Stripe, which keeps the return URLs with the link, only sends the browser back to the app. */
function appUrl(value: string | null): string | null {
  const siteOrigin = process.env.SITE_ORIGIN;
  if (!value || !siteOrigin) return null;
  try {
    return new URL(value).origin === new URL(siteOrigin).origin ? value : null;
  } catch {
    return null;
  }
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

const statusList = (account: LocalAccount) => `<dl>
<dt>Account</dt><dd>${escapeHtml(account.accountId)} (${escapeHtml(account.email)})</dd>
<dt>Card payments</dt><dd>${account.chargesEnabled ? 'enabled' : 'not enabled'}</dd>
<dt>Payouts</dt><dd>${account.payoutsEnabled ? 'enabled' : 'not enabled'}</dd>
<dt>Details</dt><dd>${account.detailsSubmitted ? 'submitted' : 'not submitted'}</dd>
</dl>`;

function onboardingPage(res: ServerResponse, account: LocalAccount, returnUrl: string, refreshUrl: string) {
  const fields = hidden('account', account.accountId) + hidden('return', returnUrl) + hidden('refresh', refreshUrl);
  sendPage(
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
  sendPage(
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
 * `account.updated` to the app's webhook (here over HTTP to the local API's own route), and the
 * browser goes back to the return URL.
 */
async function completeOnboarding(payments: LocalPayments, accountId: string, apiOrigin: string) {
  await payments.completeOnboarding(accountId);
  const { body, signature } = await payments.signedAccountUpdated(accountId);
  const delivery = await fetch(`${apiOrigin}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  if (!delivery.ok) throw new Error(`The webhook answered ${delivery.status}: ${await delivery.text()}`);
}

/** `/_local/stripe/*`: the pages the local Payments stand-in links to instead of Stripe's. */
export async function serveStripeStandIn(req: IncomingMessage, res: ServerResponse, url: URL, apiOrigin: string) {
  const payments = localPaymentsFromEnvironment();
  if (!payments) return sendPage(res, 404, 'Not in use', '<h1>The local Stripe stand-in is not in use</h1>');
  const form = req.method === 'POST' ? await readForm(req) : url.searchParams;
  const account = await payments.findAccount(form.get('account') ?? '');
  if (!account) return sendPage(res, 404, 'Unknown account', '<h1>No such account in the local Stripe stand-in</h1>');
  if (req.method === 'GET' && url.pathname === '/_local/stripe/dashboard') return dashboardPage(res, account);
  const returnUrl = appUrl(form.get('return'));
  const refreshUrl = appUrl(form.get('refresh'));
  if (!returnUrl || !refreshUrl) {
    return sendPage(res, 400, 'Bad link', '<h1>The onboarding link needs return and refresh URLs of the app</h1>');
  }
  switch (`${req.method} ${url.pathname}`) {
    case 'GET /_local/stripe/onboarding':
      return onboardingPage(res, account, returnUrl, refreshUrl);
    case 'POST /_local/stripe/onboarding/leave':
      return redirect(res, refreshUrl);
    case 'POST /_local/stripe/onboarding/complete':
      await completeOnboarding(payments, account.accountId, apiOrigin);
      return redirect(res, returnUrl);
    default:
      return sendPage(res, 404, 'Not found', '<h1>Not a page of the local Stripe stand-in</h1>');
  }
}
