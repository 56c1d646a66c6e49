import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** The body exactly as sent: API Gateway base64-encodes bodies it does not take for text. */
export function rawBody(event: APIGatewayProxyEventV2): Buffer {
  return Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
}
