/** The cold-start yardstick: a bundle that only creates a DynamoDB document client and sends one GetCommand. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = () => db.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: 'x', sk: 'y' } }));
