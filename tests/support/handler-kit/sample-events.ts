import type { AttributeValue, DynamoDBStreamEvent } from 'aws-lambda';
import { marshall } from '@aws-sdk/util-dynamodb';
import { signStripeEvent } from '../../../functions/adapters/stripe-events';
import { httpEvent } from './http-event';

/**
 * The signing secret of {@link stripeWebhookEvent}. A handler verifies against STRIPE_WEBHOOK_SECRET
 * (or the host's payments' secret: functions/runtime/composition-root.ts): set it to this value in the test's environment.
 */
export const TEST_STRIPE_WEBHOOK_SECRET = 'whsec_test_handler_kit';

/** `POST /api/webhooks/stripe` carrying `event`, signed as Stripe signs it (`stripe-signature`). */
export function stripeWebhookEvent(
  event: { id: string; type: string; [field: string]: unknown },
  secret = TEST_STRIPE_WEBHOOK_SECRET,
) {
  const { body, signature } = signStripeEvent(event, secret);
  return httpEvent({ method: 'POST', path: '/api/webhooks/stripe', body, headers: { 'stripe-signature': signature } });
}

/** What EventBridge Scheduler hands a one-off job (functions/jobs/): the session it is about. */
export const schedulerJobEvent = (sessionId: string) => ({ sessionId });

/**
 * A DynamoDB stream event with one record, as the table's stream delivers it (NEW_AND_OLD_IMAGES):
 * INSERT without `oldImage`, REMOVE without `newImage`, MODIFY with both.
 */
export function streamRecordEvent(change: {
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
}): DynamoDBStreamEvent {
  const image = (item: Record<string, unknown> | undefined) =>
    item && (marshall(item, { removeUndefinedValues: true }) as Record<string, AttributeValue>);
  const item = change.newImage ?? change.oldImage ?? {};
  return {
    Records: [
      {
        eventID: '1',
        eventName: !change.oldImage ? 'INSERT' : !change.newImage ? 'REMOVE' : 'MODIFY',
        eventSource: 'aws:dynamodb',
        eventVersion: '1.1',
        awsRegion: 'us-east-1',
        dynamodb: {
          Keys: image({ pk: item.pk, sk: item.sk }),
          OldImage: image(change.oldImage),
          NewImage: image(change.newImage),
          StreamViewType: 'NEW_AND_OLD_IMAGES',
          SequenceNumber: '1',
        },
      },
    ],
  };
}
