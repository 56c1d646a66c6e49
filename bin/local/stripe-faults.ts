import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiError, invalidRequest } from './stripe-api/errors';

/** The stand-in's calls a test or a demo can make fail: `POST /v1/refunds`, `POST /v1/transfers`, and plan renewals' payments. */
export const FAULT_KINDS = ['refunds', 'transfers', 'invoices'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

type Counts = Record<FaultKind, number>;

// On globalThis: the stand-in and the `/_local/stripe/faults` route may be loaded as separate module copies.
const REGISTRY = Symbol.for('physician-mentors.stripe-faults');
type Host = typeof globalThis & { [REGISTRY]?: Counts };

function counts(): Counts {
  const host = globalThis as Host;
  host[REGISTRY] ??= { refunds: 0, transfers: 0, invoices: 0 };
  return host[REGISTRY];
}

/** Sets how many of the next calls of each named kind fail; kinds not named keep their count. */
export function armStripeFaults(armed: Partial<Counts>): Counts {
  Object.assign(counts(), armed);
  return { ...counts() };
}

export const pendingStripeFaults = (): Counts => ({ ...counts() });

/**
 * What Stripe answers when it cannot do the call: for a refund, its `api_error` (HTTP 500, retried
 * by the caller later); for a transfer, `balance_insufficient` (HTTP 400), the platform's available
 * balance not covering it yet.
 */
const stripeError = (kind: Exclude<FaultKind, 'invoices'>) =>
  kind === 'transfers'
    ? invalidRequest(
        'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
        { code: 'balance_insufficient' },
      )
    : apiError();

/** Whether the next call of `kind` is to fail, using one armed fault up if so. */
export function takeFault(kind: FaultKind): boolean {
  const armed = counts();
  if (armed[kind] <= 0) return false;
  armed[kind] -= 1;
  return true;
}

/** Called by the stand-in's API at the start of each call of `kind`: throws Stripe's error while a fault is armed, using it up. */
export function failIfFaulted(kind: Exclude<FaultKind, 'invoices'>): void {
  if (takeFault(kind)) throw stripeError(kind);
}

type Outage = 'fail' | 'hang' | null;
let outage: Outage = null;

/**
 * Makes the stand-in's API answer as Stripe does when it is down ('fail': its 500 `api_error`) or
 * stop answering ('hang': no answer at all), until called with null. For fault tests; the payments
 * adapter's time budget is what turns a hang into a 503.
 */
export function simulateStripeOutage(mode: Outage): void {
  outage = mode;
}

export const stripeOutage = (): Outage => outage;

const MAX_BODY_BYTES = 1024;

/** A small JSON request body, or undefined when it is too large or not JSON. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** `{"refunds": 3}` and the like: each value a whole number of calls from 0 to 1000, nothing else. */
function parseFaults(body: unknown): Partial<Counts> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const entries = Object.entries(body);
  const valid = entries.every(
    ([kind, value]) =>
      (FAULT_KINDS as readonly string[]).includes(kind) && Number.isInteger(value) && value >= 0 && value <= 1000,
  );
  return valid ? (Object.fromEntries(entries) as Partial<Counts>) : null;
}

export const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

/**
 * `POST /_local/stripe/faults {"refunds": N, "transfers": M, "invoices": K}`: the next N refund (M
 * transfer) calls to the stand-in fail as Stripe's would, and the next K plan renewals' card payments
 * are declined; answers the counts still armed, as does `GET`.
 */
export async function serveStripeFaults(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET') return sendJson(res, 200, pendingStripeFaults());
  if (req.method !== 'POST')
    return sendJson(res, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: 'GET or POST' } });
  const faults = parseFaults(await readJson(req));
  if (!faults) {
    return sendJson(res, 400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: `Send a JSON object of ${FAULT_KINDS.join(', ')} with whole numbers from 0 to 1000.`,
      },
    });
  }
  sendJson(res, 200, armStripeFaults(faults));
}
