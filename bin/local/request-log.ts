import type { IncomingMessage, ServerResponse } from 'node:http';

/** Every provider whose stand-in the product's adapters reach over the wire. */
export const PROVIDERS = [
  'stripe',
  'ses',
  'scheduler',
  'lambda',
  'kms',
  'zoom',
  'calendly',
  'google',
  'microsoft',
  'npi',
  // Only tests start these two (tests/support/): the local stack reads no secret and has no distribution.
  'secretsmanager',
  'cloudfront',
] as const;
export type Provider = (typeof PROVIDERS)[number];

/** One call a product adapter made to a stand-in, and how it was answered. */
export interface LoggedRequest {
  provider: Provider;
  method: string;
  path: string;
  /** What the call asked for where the path does not say it: `CreateSchedule`, `POST /v1/refunds`. */
  action?: string;
  status: number;
  idempotencyKey?: string;
  /** ISO time on the local stack's clock. */
  at: string;
}

/** Requests a long `npm start` keeps. */
const KEPT_REQUESTS = 10_000;

/**
 * The local stack's one log of what went over the wire, as Stripe's Dashboard keeps one: each
 * stand-in records the calls it answered, and tests read `GET /_local/logs?provider=P` to prove
 * which calls the product made.
 */
export class RequestLog {
  private readonly requests: LoggedRequest[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  record(request: Omit<LoggedRequest, 'at'>): void {
    this.requests.push({ ...request, at: new Date(this.now()).toISOString() });
    if (this.requests.length > KEPT_REQUESTS) this.requests.splice(0, this.requests.length - KEPT_REQUESTS);
  }

  /** Records the request once its answer is sent, with the status it got. */
  recordOnAnswer(
    provider: Provider,
    req: IncomingMessage,
    res: ServerResponse,
    details: { path?: string; action?: string; idempotencyKey?: string } = {},
  ): void {
    const path = details.path ?? new URL(req.url ?? '/', 'http://localhost').pathname;
    res.once('finish', () =>
      this.record({ provider, method: req.method ?? 'GET', path, status: res.statusCode, ...definedOnly(details) }),
    );
  }

  /** Oldest first, newest last. */
  list(provider?: Provider): LoggedRequest[] {
    return provider ? this.requests.filter((request) => request.provider === provider) : [...this.requests];
  }

  clear(provider?: Provider): void {
    const kept = provider ? this.requests.filter((request) => request.provider !== provider) : [];
    this.requests.splice(0, this.requests.length, ...kept);
  }
}

const definedOnly = (details: { action?: string; idempotencyKey?: string }) =>
  Object.fromEntries(Object.entries(details).filter(([key, value]) => key !== 'path' && value !== undefined));

const isProvider = (name: string): name is Provider => (PROVIDERS as readonly string[]).includes(name);

/** `GET /_local/logs?provider=P` → `{requests}`; `DELETE` clears them (that provider's, or all). */
export function serveRequestLog(req: IncomingMessage, res: ServerResponse, url: URL, log: RequestLog) {
  const answer = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const named = url.searchParams.get('provider');
  if (named !== null && !isProvider(named))
    return answer(400, { message: `provider is one of ${PROVIDERS.join(', ')}` });
  const provider = named ?? undefined;
  if (req.method === 'GET') return answer(200, { requests: log.list(provider) });
  if (req.method === 'DELETE') {
    log.clear(provider);
    return answer(200, { requests: [] });
  }
  answer(405, { message: 'GET or DELETE' });
}
