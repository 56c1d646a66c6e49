import { log } from '../../functions/runtime/log';
import { FUNCTION_TIMEOUT_SECONDS } from '../../functions/runtime/dependency-budget';
import type { SignedEvent } from './stripe-records';

/** Stripe retries a failed delivery for three days with backoff; the stand-in retries a few times within a minute. */
const RETRY_DELAYS_MS = [1_000, 5_000, 25_000];

/** Each delivery not yet done or given up, with what a stuck wait reports of it. */
const inFlight = new Map<Promise<void>, { event: string; tries: number; since: number }>();

async function post({ body, signature }: SignedEvent, url: string): Promise<boolean> {
  try {
    const delivery = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
      // The API answers within the function's timeout; a delivery left hanging longer counts as failed.
      signal: AbortSignal.timeout((FUNCTION_TIMEOUT_SECONDS + 5) * 1000),
    });
    if (delivery.ok) return true;
    log('warn', 'the webhook refused a stand-in event', { status: delivery.status });
  } catch (error) {
    log('warn', 'the stand-in could not reach the webhook', { error: String(error) });
  }
  return false;
}

async function deliverWithRetries(event: SignedEvent, url: string, progress: { tries: number }): Promise<void> {
  for (const delay of [0, ...RETRY_DELAYS_MS]) {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay).unref());
    progress.tries += 1;
    if (await post(event, url)) return;
  }
  log('error', 'the stand-in gave up delivering an event (Stripe would go on for three days)', {
    event: JSON.parse(event.body).id,
  });
}

/**
 * Sends an event Stripe causes itself (a refund's `charge.refunded`, a renewal's `invoice.paid`) to
 * the platform's webhook, named by LOCAL_STRIPE_WEBHOOK_URL. As with Stripe, the API call that
 * caused it answers first: the delivery happens after, and is retried when the webhook fails.
 */
export function deliverToWebhook(event: SignedEvent): void {
  const url = process.env.LOCAL_STRIPE_WEBHOOK_URL;
  if (!url) return;
  const { id, type } = JSON.parse(event.body) as { id: string; type: string };
  const progress = { event: `${type} ${id}`, tries: 0, since: Date.now() };
  const delivery = deliverWithRetries(event, url, progress).finally(() => inFlight.delete(delivery));
  inFlight.set(delivery, progress);
}

/** Resolves once every event sent so far has been delivered or given up (what a test waits for). */
export async function webhookDeliveriesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight.keys()]);
}

/** The deliveries still under way, for a wait that runs too long to say what it waits for. */
export const webhookDeliveriesPending = (now = Date.now()): string[] =>
  [...inFlight.values()].map(
    ({ event, tries, since }) =>
      `webhook delivery of ${event}: ${tries} tries in ${Math.round((now - since) / 1000)} s`,
  );
