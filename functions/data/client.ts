import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { awsClientSettings } from '../adapters/dependency-budget';
import { traced } from '../adapters/tracing';

let cached: { endpoint: string | undefined; client: DynamoDBDocumentClient } | undefined;

/**
 * Created on first use, so the local stack and tests can set the endpoint before any call, and
 * again if the endpoint changes (a benchmark that starts a second local stack in one process).
 */
export function db(): DynamoDBDocumentClient {
  const endpoint = process.env.DYNAMODB_ENDPOINT || undefined;
  if (!cached || cached.endpoint !== endpoint) {
    const client = traced(new DynamoDBClient({ endpoint, ...awsClientSettings() }));
    cached = {
      endpoint,
      client: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }),
    };
  }
  return cached.client;
}

export function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}
