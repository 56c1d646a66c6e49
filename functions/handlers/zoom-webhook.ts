import { httpHandler } from '../http/handler';
import { rawBody } from '../http/raw-body';
import { BUSINESS_METRICS } from '../runtime/metrics';
import { receiveZoomEvent } from '../workflows/booking/meeting-joins';

/** No body schema: the signature covers the exact bytes received, so the body is read raw. */
export const handler = httpHandler({ failureMetric: BUSINESS_METRICS.webhookFailures }, async ({ event, now }) => ({
  status: 200,
  body: await receiveZoomEvent(
    rawBody(event),
    { timestamp: event.headers['x-zm-request-timestamp'], signature: event.headers['x-zm-signature'] },
    now,
  ),
}));
