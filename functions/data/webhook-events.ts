import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { createHash } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { DomainError } from '../domain/errors';
import { dynamoDbClient, tableName } from './client';
import { keys } from './keys';
import { tableSchema } from './table-schema';

/** Stripe retries an event for up to 3 days; remembering it for 30 covers every redelivery. */
const REMEMBER_EVENT_SECONDS = 30 * 24 * 60 * 60;

const KEY_PREFIX = 'stripe-event';

/**
 * Where Powertools keeps an event's record: its idempotency key is the prefix and the base64 MD5 of
 * the JSON of the key field (the library's default hash), so an operator can find or forget it.
 */
export const webhookEventRecordKey = (eventId: string) => ({
  pk: keys.idempotencyPartition,
  sk: `${KEY_PREFIX}#${createHash('md5').update(JSON.stringify(eventId)).digest('base64')}`,
});

let persistence: { client: unknown; layer: DynamoDBPersistenceLayer } | undefined;

/** Powertools' records in the one table: pk `IDEMPOTENCY`, sk the idempotency key, expiring by the table's TTL. */
function persistenceLayer(): DynamoDBPersistenceLayer {
  const client = dynamoDbClient();
  if (persistence?.client !== client) {
    const layer = new DynamoDBPersistenceLayer({
      tableName: tableName(),
      keyAttr: tableSchema.partitionKey,
      sortKeyAttr: tableSchema.sortKey,
      staticPkValue: keys.idempotencyPartition,
      expiryAttr: tableSchema.timeToLiveAttribute,
      awsSdkV3Client: client,
    });
    persistence = { client, layer };
  }
  return persistence.layer;
}

interface Delivery {
  eventId: string;
  /** The invocation that received it: a stored result naming another one means this delivery is a duplicate. */
  deliveryId: string;
}

/**
 * Runs `apply` once per provider event, with Powertools' Idempotency utility: the event is
 * recorded in progress until this invocation's own deadline, then completed. When applying
 * throws, the record is deleted; when the invocation dies (a timeout), the record's in-progress
 * time runs out with it. Either way the provider's next delivery applies the event again, so the
 * work is never lost. A delivery while another is being applied is refused with 409, which the
 * provider retries later.
 */
export async function applyWebhookEventOnce(
  eventId: string,
  context: Context,
  apply: () => Promise<void>,
): Promise<'applied' | 'duplicate'> {
  const config = new IdempotencyConfig({ eventKeyJmesPath: 'eventId', expiresAfterSeconds: REMEMBER_EVENT_SECONDS });
  config.registerLambdaContext(context);
  const applyOnce = makeIdempotent(
    async (delivery: Delivery) => {
      await apply();
      return { appliedBy: delivery.deliveryId };
    },
    { persistenceStore: persistenceLayer(), config, keyPrefix: KEY_PREFIX },
  );
  try {
    const { appliedBy } = await applyOnce({ eventId, deliveryId: context.awsRequestId });
    return appliedBy === context.awsRequestId ? 'applied' : 'duplicate';
  } catch (error) {
    if (error instanceof IdempotencyAlreadyInProgressError) {
      throw new DomainError(
        'EVENT_IN_PROGRESS',
        'This event is being applied by another delivery; send it again later.',
      );
    }
    throw error;
  }
}
