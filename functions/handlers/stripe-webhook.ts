import { applyWebhookEventOnce } from '../data/webhook-events';
import { httpHandler } from '../http/handler';
import { rawBody } from '../http/raw-body';
import { log } from '../runtime/log';
import { BUSINESS_METRICS } from '../runtime/metrics';
import { applyPaymentEvent } from '../workflows/payments/apply-payment-event';
import { payments } from '../runtime/ports/payments';
import { webhookArchive } from '../runtime/ports/webhook-archive';

/** No body schema: the signature covers the exact bytes received, so the body is read raw. */
export const handler = httpHandler(
  { failureMetric: BUSINESS_METRICS.webhookFailures },
  async ({ event, context, now }) => {
    const provider = payments();
    const body = rawBody(event);
    const received = await provider.verifyWebhook(body, event.headers['stripe-signature']);
    await webhookArchive().keep(received.id, body, now);
    const outcome = await applyWebhookEventOnce(received.id, context, async () => {
      const { ledger, session } = await applyPaymentEvent({ payments: provider }, received, now);
      log('info', 'stripeEvent', {
        eventId: received.id,
        kind: received.kind,
        ledger: ledger.map((entry) => entry.id),
        session: session && { id: session.id, status: session.status },
      });
    });
    return { status: 200, body: { received: true, duplicate: outcome === 'duplicate' } };
  },
);
