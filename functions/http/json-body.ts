import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DomainError } from '../domain/errors';

/** Far above any form of ours; the largest (a profile with a long bio) is a few kilobytes. */
export const MAX_BODY_BYTES = 64 * 1024;

export function parseJsonBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'The request body is not valid JSON.');
  }
}
