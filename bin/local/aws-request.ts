import type { IncomingMessage } from 'node:http';

/**
 * A request to one of the local AWS endpoints, read whole up to `maxBytes`; past that only its length
 * is counted, so the endpoint can refuse it as AWS does, saying how long it was.
 */
export async function readAwsRequest(
  req: IncomingMessage,
  maxBytes: number,
): Promise<{ body: Buffer; length: number; complete: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length <= maxBytes) chunks.push(chunk);
  }
  return { body: Buffer.concat(chunks), length, complete: length <= maxBytes };
}

/** A JSON object, or null for anything else (bad JSON, an array, a string). */
export function jsonObject(body: Buffer): Record<string, unknown> | null {
  try {
    const value = JSON.parse(body.toString('utf8') || '{}') as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
