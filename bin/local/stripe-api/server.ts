import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { log } from '../../../functions/runtime/log';
import type { RequestLog } from '../request-log';
import { stripeOutage } from '../stripe-faults';
import type { LocalStripe } from '../stripe-payments';
import { apiError, invalidRequest, StripeApiError } from './errors';
import { expanded } from './expand';
import { type Answer, idempotencyKeys } from './idempotency';
import { Params, parseStripeForm } from './params';
import { rateLimiter } from './rate-limit';
import { type Route, STRIPE_ROUTES } from './routes';

/** What the stand-in's API was asked and answered, as Stripe's Dashboard logs requests (tests read it). */
export interface StripeRequest {
  method: string;
  path: string;
  /** `POST /v1/refunds`: the route, as rate limits and idempotency keys count it. */
  endpoint: string;
  params: Record<string, unknown>;
  idempotencyKey?: string;
  status: number;
  /** Answered from an earlier request with the same idempotency key. */
  replayed: boolean;
}

export interface StripeApiServer {
  /** `http://localhost:<port>`: what STRIPE_API_BASE names. */
  url: string;
  requests(): readonly StripeRequest[];
  stop(): Promise<void>;
}

/** The API key the local stack gives the product for the stand-in; any `sk_test_` key is taken. */
export const STAND_IN_SECRET_KEY = 'sk_test_local_standin';

const MAX_BODY_BYTES = 1024 * 1024;
/** Requests a long `npm start` keeps in its log. */
const LOGGED_REQUESTS = 5_000;

/** `/v1/transfers/:id/reversals` as a matcher of paths, giving the ids in order. */
function matcher(route: Route) {
  const pattern = new RegExp(`^${route.pattern.replace(/:id/g, '([^/]+)')}$`);
  return (method: string, path: string) => {
    if (method !== route.method) return null;
    const match = pattern.exec(path);
    return match ? match.slice(1).map(decodeURIComponent) : null;
  };
}

/** Stripe's bearer (or basic, as `curl -u sk_test_…:` sends it) authentication with a test-mode secret key. */
function authenticate(authorization: string | undefined): void {
  const [scheme, credentials = ''] = (authorization ?? '').split(' ');
  const key =
    scheme === 'Bearer'
      ? credentials
      : scheme === 'Basic'
        ? (Buffer.from(credentials, 'base64').toString('utf8').split(':')[0] ?? '')
        : '';
  if (!authorization) {
    throw invalidRequest(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      { status: 401 },
    );
  }
  if (!/^sk_test_\w+$/.test(key)) {
    const shown =
      key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
    throw invalidRequest(`Invalid API Key provided: ${shown}`, { status: 401 });
  }
}

/** `2026-10-28.endive` and the like; none given means the account's default, the version the SDK pins. */
function apiVersion(header: string | undefined): string {
  if (header === undefined) return Stripe.API_VERSION;
  if (!/^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/.test(header)) throw invalidRequest(`Invalid Stripe API version: ${header}`);
  return header;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw invalidRequest('The request body is too large.', { status: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const errorAnswer = (error: StripeApiError): Answer => ({
  status: error.status,
  body: JSON.stringify({ error: error.error }, null, 2),
});

/**
 * Stripe's API over HTTP for the local stack and the tests (`http://localhost:12111`, stripe-mock's
 * port): the product's own adapter (functions/adapters/payments.ts) talks to it through the official
 * SDK. It takes Stripe's form encoding, `Authorization: Bearer sk_test_…`, `Idempotency-Key`,
 * `Stripe-Version`, `Stripe-Account` and `expand[]`, and answers with Stripe's objects, lists,
 * error bodies and status codes, and its limits (25 requests a second per endpoint).
 */
export function startStripeApi(options: {
  port: number;
  stripe: LocalStripe;
  requestLog: RequestLog;
  /** What the 25-a-second limit counts time on; real time unless a test holds it still for a burst. */
  rateLimitClock?: () => number;
}): Promise<StripeApiServer> {
  const routes = STRIPE_ROUTES.map((route) => ({ route, match: matcher(route) }));
  const withKey = idempotencyKeys();
  const admit = rateLimiter(options.rateLimitClock);
  const logged: StripeRequest[] = [];

  async function answer(req: IncomingMessage, record: Partial<StripeRequest>): Promise<Answer> {
    if (stripeOutage() === 'fail') return errorAnswer(apiError('Stripe is unavailable'));
    authenticate(req.headers.authorization);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const found = routes
      .map(({ route, match }) => ({ route, ids: match(method, url.pathname) }))
      .find(({ ids }) => ids !== null);
    if (!found?.ids) {
      throw invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        { status: 404 },
      );
    }
    const endpoint = `${method} ${found.route.pattern}`;
    record.endpoint = endpoint;
    admit(endpoint);
    const connected = req.headers['stripe-account'];
    if (typeof connected === 'string' && !(await options.stripe.findAccount(connected))) {
      throw invalidRequest(
        `The provided key does not have access to account '${connected}' (or that account does not exist). Application access may have been revoked.`,
        { code: 'account_invalid', status: 403 },
      );
    }
    const { expand: _expand, ...parameters } = parseStripeForm(
      method === 'GET' ? url.search.slice(1) : await readBody(req),
    );
    const expand = new Params({ expand: _expand ?? '' }).strings('expand');
    record.params = parameters;
    const run = async (): Promise<Answer> => {
      try {
        const object = await found.route.answer({
          params: new Params(parameters),
          ids: found.ids as string[],
          path: url.pathname,
          stripe: options.stripe,
        });
        return { status: 200, body: JSON.stringify(await expanded(object, expand), null, 2) };
      } catch (error) {
        // The endpoint began executing once the route runs, so its refusals are its answer, kept under
        // the idempotency key, except those of parameter validation (and concurrent conflicts): thrown
        // on, they reach the client without being kept, as do the checks made above this point.
        if (error instanceof StripeApiError && !error.kept) throw error;
        if (error instanceof StripeApiError) return errorAnswer(error);
        log('error', 'the Stripe stand-in failed a request', { endpoint, error: String(error) });
        return errorAnswer(apiError());
      }
    };
    const key = req.headers['idempotency-key'];
    if (method !== 'POST' || typeof key !== 'string') return run();
    record.idempotencyKey = key;
    // Stripe keeps keys per account: the platform's and each connected account's apart.
    const answered = await withKey(
      `${connected ?? ''}:${key}`,
      { endpoint, parameters: { ...parameters, expand } },
      run,
    );
    record.replayed = answered.replayed;
    return answered;
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    // Stripe stops answering: the client's timeout and the product's budget are what end the request.
    if (stripeOutage() === 'hang') return;
    const requestId = `req_local_${randomBytes(7).toString('hex')}`;
    const record: Partial<StripeRequest> = { replayed: false, params: {} };
    let answered: Answer & { headers?: Record<string, string> };
    let version = Stripe.API_VERSION as string;
    try {
      version = apiVersion(req.headers['stripe-version'] as string | undefined);
      answered = await answer(req, record);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      answered = errorAnswer(error);
      if (error.status === 401) answered.headers = { 'www-authenticate': 'Bearer realm="Stripe"' };
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    logged.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      endpoint: record.endpoint ?? `${req.method} ${url.pathname}`,
      params: record.params ?? {},
      idempotencyKey: record.idempotencyKey,
      status: answered.status,
      replayed: record.replayed ?? false,
    });
    if (logged.length > LOGGED_REQUESTS) logged.splice(0, logged.length - LOGGED_REQUESTS);
    options.requestLog.record({
      provider: 'stripe',
      method: req.method ?? 'GET',
      path: url.pathname,
      action: record.endpoint,
      status: answered.status,
      idempotencyKey: record.idempotencyKey,
    });
    res.writeHead(answered.status, {
      'content-type': 'application/json',
      'request-id': requestId,
      'stripe-version': version,
      ...(record.replayed ? { 'idempotent-replayed': 'true' } : {}),
      ...(record.idempotencyKey ? { 'idempotency-key': record.idempotencyKey } : {}),
      ...answered.headers,
    });
    res.end(answered.body);
  }

  const server = http.createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      log('error', 'the Stripe stand-in could not answer', { error: String(error) });
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: apiError().error }));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      resolve({
        url: `http://localhost:${options.port}`,
        requests: () => logged,
        stop: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
