import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsClientSettings } from '../runtime/dependency-budget';
import { timed } from '../runtime/dependency-latency';

let cached:
  | { endpoint: string | undefined; client: DynamoDBClient; documentClient: DynamoDBDocumentClient }
  | undefined;

/**
 * Created on first use, so the local stack and tests can set the endpoint before any call, and
 * again if the endpoint changes (a benchmark that starts a second local stack in one process).
 */
function clients() {
  const endpoint = process.env.DYNAMODB_ENDPOINT || undefined;
  if (!cached || cached.endpoint !== endpoint) {
    const client = timed(new DynamoDBClient({ endpoint, ...awsClientSettings() }));
    cached = {
      endpoint,
      client,
      documentClient: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }),
    };
  }
  return cached;
}

export const db = (): DynamoDBDocumentClient => clients().documentClient;

/** The plain client under {@link db}, for libraries that marshal items themselves (Powertools Idempotency). */
export const dynamoDbClient = (): DynamoDBClient => clients().client;

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}
