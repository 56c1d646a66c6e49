import type { IncomingMessage, ServerResponse } from 'node:http';
import { signStripeEvent } from '../../functions/adapters/stripe-events';
import { FUNCTION_TIMEOUT_SECONDS } from '../../functions/runtime/dependency-budget';
import { log } from '../../functions/runtime/log';
import { readJson, sendJson } from './stripe-faults';
import type { SignedEvent } from './stripe-records';

/**
 * How the stand-in delivers its events. `normal`: each once, in the order they happened. `chaos`:
 * as Stripe may (docs.stripe.com/webhooks: events arrive in no set order, and more than once),
 * each at least twice, concurrently, after random delays drawn from `seed`, so a run can be replayed.
 */
export type DeliveryMode = { mode: 'normal' } | { mode: 'chaos'; seed: number };

/**
 * Stripe's retries in live mode: "up to three days with an exponential back off" (docs.stripe.com/webhooks,
 * retry behavior); the intervals are not published, so here the first is a minute and each doubles.
 */
const FIRST_RETRY_MS = 60_000;
const RETRY_WINDOW_MS = 3 * 24 * 60 * 60_000;
const CHAOS_DELAY_MS = 5_000;
/** A third copy of an event now and then: "at least twice". */
const THIRD_COPY_CHANCE = 0.25;
/** Node's timers hold at most 2^31-1 ms: a retry further off is looked at again after this. */
const LONGEST_TIMER_MS = 24 * 60 * 60_000;

interface Delivery {
  event: SignedEvent;
  url: string;
  /** The stack it belongs to: one under way when its stack stopped is not retried. */
  generation: number;
  /** The event's type and id, and which copy it is in chaos mode. */
  label: string;
  attempts: number;
  /** When it was first due, on the stand-in's clock: Stripe gives up three days later. */
  since: number;
  /** When its next attempt is due, on the stand-in's clock. */
  dueAt: number;
  lastFailure?: string;
}

interface Deliveries {
  generation: number;
  mode: DeliveryMode;
  random: () => number;
  /** Waiting for their time: a chaos delay, or a retry. */
  waiting: Set<Delivery>;
  /** Being sent, or queued behind an earlier event (normal mode). */
  sending: Map<Delivery, Promise<void>>;
  /** Normal mode's order: each event's first attempt after the one before. */
  inOrder: Promise<void>;
  timer?: NodeJS.Timeout;
}

/** Mulberry32: small, fast and the same on every machine for a seed, which is all a replay needs. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// On globalThis: the stand-in's API, its pages and the stack may load this module as separate copies.
const REGISTRY = Symbol.for('physician-mentors.stripe-event-delivery');
type Host = typeof globalThis & { [REGISTRY]?: Deliveries };

function deliveries(): Deliveries {
  const host = globalThis as Host;
  host[REGISTRY] ??= {
    generation: 0,
    mode: { mode: 'normal' },
    random: Math.random,
    waiting: new Set(),
    sending: new Map(),
    inOrder: Promise.resolve(),
  };
  return host[REGISTRY];
}

const byDueTime = (a: Delivery, b: Delivery) => a.dueAt - b.dueAt;

async function post(delivery: Delivery): Promise<string | null> {
  const { body, secret } = delivery.event;
  try {
    const answer = await fetch(delivery.url, {
      method: 'POST',
      // Stripe signs each attempt afresh: a retry hours later must pass the webhook's 5-minute tolerance.
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signStripeEvent(JSON.parse(body), secret).signature,
      },
      body,
      // The API answers within the function's timeout; a delivery left hanging longer counts as failed.
      signal: AbortSignal.timeout((FUNCTION_TIMEOUT_SECONDS + 5) * 1000),
    });
    return answer.ok ? null : `HTTP ${answer.status}`;
  } catch (error) {
    return `no answer (${String(error)})`;
  }
}

/** Schedules the next attempt on Stripe's back-off, or gives up three days after the first. */
function retryLater(delivery: Delivery, failure: string): void {
  if (delivery.generation !== deliveries().generation) return;
  delivery.lastFailure = failure;
  const dueAt = Date.now() + FIRST_RETRY_MS * 2 ** (delivery.attempts - 1);
  if (dueAt - delivery.since > RETRY_WINDOW_MS) {
    log('error', 'the stand-in gave up delivering an event after three days, as Stripe does', {
      event: delivery.label,
      attempts: delivery.attempts,
      failure,
    });
    return;
  }
  log('warn', 'the webhook did not take a stand-in event; Stripe retries it later', {
    event: delivery.label,
    failure,
    retryAt: new Date(dueAt).toISOString(),
  });
  delivery.dueAt = dueAt;
  deliveries().waiting.add(delivery);
  armTimer();
}

function attempt(delivery: Delivery, after: Promise<void> = Promise.resolve()): Promise<void> {
  const state = deliveries();
  state.waiting.delete(delivery);
  const sent = after
    .then(async () => {
      delivery.attempts += 1;
      const failure = await post(delivery);
      if (failure) retryLater(delivery, failure);
    })
    .finally(() => state.sending.delete(delivery));
  state.sending.set(delivery, sent);
  return sent;
}

/** Wakes up when the earliest waiting delivery is due: the local clock runs at real speed between moves. */
function armTimer(): void {
  const state = deliveries();
  clearTimeout(state.timer);
  const next = Math.min(...[...state.waiting].map((delivery) => delivery.dueAt));
  if (!Number.isFinite(next)) return;
  const wait = Math.min(Math.max(0, next - Date.now()), LONGEST_TIMER_MS);
  state.timer = setTimeout(runDueWebhookDeliveries, wait).unref();
}

/** When the earliest retry waiting is due, if one is. */
export function nextWebhookRetryAt(): number | undefined {
  const next = Math.min(...[...deliveries().waiting].map((delivery) => delivery.dueAt));
  return Number.isFinite(next) ? next : undefined;
}

/** Sends every delivery whose time has come (after `POST /_local/clock` moved the time). */
export function runDueWebhookDeliveries(): void {
  const now = Date.now();
  const due = [...deliveries().waiting].filter((delivery) => delivery.dueAt <= now).sort(byDueTime);
  for (const delivery of due) attempt(delivery);
  armTimer();
}

const describe = (event: SignedEvent) => {
  const { id, type } = JSON.parse(event.body) as { id: string; type: string };
  return `${type} ${id}`;
};

/**
 * Sends events Stripe causes (a refund's `charge.refunded`, a renewal's `invoice.paid`) to the
 * platform's webhook, named by LOCAL_STRIPE_WEBHOOK_URL, as one burst in the delivery mode set.
 * As with Stripe, the call that caused them answers first. In normal mode the promise resolves once
 * each has had its first attempt, so a hosted page can send the browser back after it; a failed
 * one is retried later on Stripe's schedule. In chaos mode it resolves at once.
 */
export function deliverToWebhook(burst: SignedEvent | readonly SignedEvent[]): Promise<void> {
  const url = process.env.LOCAL_STRIPE_WEBHOOK_URL;
  if (!url) return Promise.resolve();
  const state = deliveries();
  const events = Array.isArray(burst) ? burst : [burst as SignedEvent];
  const now = Date.now();
  if (state.mode.mode === 'normal') {
    const firstAttempts = events.map((event) => {
      const delivery: Delivery = {
        event,
        url,
        generation: state.generation,
        label: describe(event),
        attempts: 0,
        since: now,
        dueAt: now,
      };
      state.inOrder = attempt(delivery, state.inOrder);
      return state.inOrder;
    });
    return Promise.all(firstAttempts).then(() => undefined);
  }
  for (const event of events) {
    const copies = state.random() < THIRD_COPY_CHANCE ? 3 : 2;
    for (let copy = 1; copy <= copies; copy++) {
      const dueAt = now + Math.floor(state.random() * CHAOS_DELAY_MS);
      const label = `${describe(event)} (copy ${copy} of ${copies})`;
      state.waiting.add({ event, url, generation: state.generation, label, attempts: 0, since: dueAt, dueAt });
    }
  }
  armTimer();
  return Promise.resolve();
}

/**
 * Resolves once every event handed over so far has had its first attempts and every attempt under
 * way has been answered (what a wait for the stack's jobs waits for). The chaos delays are not sat
 * out: the copies they still hold go at once, in the order the delays drew, as if those seconds had
 * passed. Retries wait for their time on the stand-in's clock: move it to make them due.
 */
export async function webhookDeliveriesSettled(): Promise<void> {
  const state = deliveries();
  for (;;) {
    const held = [...state.waiting].filter((delivery) => delivery.attempts === 0).sort(byDueTime);
    for (const delivery of held) attempt(delivery);
    armTimer();
    if (state.sending.size === 0) return;
    await Promise.all(state.sending.values());
  }
}

const isoOf = (milliseconds: number) => new Date(milliseconds).toISOString();

/** The deliveries not done: under way, held back by a chaos delay, or waiting to be retried. */
export function webhookDeliveriesPending(): string[] {
  const state = deliveries();
  return [
    ...[...state.sending.keys()].map((delivery) => `webhook delivery of ${delivery.label}: attempt under way`),
    ...[...state.waiting]
      .sort(byDueTime)
      .map((delivery) =>
        delivery.attempts === 0
          ? `webhook delivery of ${delivery.label}: held back until ${isoOf(delivery.dueAt)}`
          : `webhook delivery of ${delivery.label}: ${delivery.attempts} attempts failed (last: ${delivery.lastFailure}), next at ${isoOf(delivery.dueAt)} on the stand-in's clock`,
      ),
  ];
}

/** Back to normal mode with nothing pending (a stack that stops leaves no delivery behind). */
export function resetWebhookDelivery(): void {
  const state = deliveries();
  state.generation += 1;
  clearTimeout(state.timer);
  state.waiting.clear();
  state.mode = { mode: 'normal' };
  state.random = Math.random;
}

function setDeliveryMode(mode: DeliveryMode): void {
  const state = deliveries();
  state.mode = mode;
  state.random = mode.mode === 'chaos' ? seededRandom(mode.seed) : Math.random;
}

const MAX_SEED = 2 ** 32 - 1;

/** `{"mode": "normal"}` or `{"mode": "chaos", "seed": N}` (a whole number; one is drawn when left out). */
function parseMode(body: unknown): DeliveryMode | null {
  if (typeof body !== 'object' || body === null) return null;
  const { mode, seed, ...rest } = body as { mode?: unknown; seed?: unknown };
  if (Object.keys(rest).length > 0) return null;
  if (mode === 'normal' && seed === undefined) return { mode };
  if (mode !== 'chaos') return null;
  if (seed === undefined) return { mode, seed: Math.floor(Math.random() * MAX_SEED) };
  return Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= MAX_SEED
    ? { mode, seed: seed as number }
    : null;
}

/** What `GET /_local/stripe/delivery` answers: the mode (and seed), and each delivery not done. */
function deliveryState() {
  const state = deliveries();
  return {
    ...state.mode,
    pending: [
      ...[...state.sending.keys()].map((delivery) => ({ delivery, underWay: true })),
      ...[...state.waiting].sort(byDueTime).map((delivery) => ({ delivery, underWay: false })),
    ].map(({ delivery, underWay }) => ({
      event: delivery.label,
      attempts: delivery.attempts,
      ...(underWay ? { underWay } : { nextAttemptAt: isoOf(delivery.dueAt) }),
      ...(delivery.lastFailure ? { lastFailure: delivery.lastFailure } : {}),
    })),
  };
}

/**
 * `POST /_local/stripe/delivery {"mode": "normal"|"chaos", "seed": N}` sets how the stand-in
 * delivers its events from now on; `GET` answers the mode, the seed and every delivery not done
 * (under way, held back, or waiting for a retry at `nextAttemptAt` on the stand-in's clock).
 */
export async function serveWebhookDelivery(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'GET') return sendJson(res, 200, deliveryState());
  if (req.method !== 'POST')
    return sendJson(res, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: 'GET or POST' } });
  const mode = parseMode(await readJson(req));
  if (!mode) {
    return sendJson(res, 400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Send {"mode": "normal"} or {"mode": "chaos"} with, to replay a run, a whole "seed" from 0 to 2^32-1.',
      },
    });
  }
  setDeliveryMode(mode);
  sendJson(res, 200, deliveryState());
}
