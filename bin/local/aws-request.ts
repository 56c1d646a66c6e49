import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LOCAL_AWS } from './aws-local';

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

export interface SignatureProblem {
  type: 'MissingAuthenticationTokenException' | 'UnrecognizedClientException' | 'InvalidSignatureException';
  message: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** SigV4's URI encoding: RFC 3986 unreserved characters stay, everything else is %XX. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Checks the request's Signature Version 4 as AWS does, with the local stack's fixed credentials
 * (LOCAL_AWS): none, another access key, another service or region in its scope, or a signature that
 * does not match the method, path, query, signed headers and body are refused. AWS services other
 * than S3 sign the path encoded once more (docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html).
 */
export function signatureProblem(req: IncomingMessage, body: Buffer, service: string): SignatureProblem | null {
  const authorization = req.headers.authorization ?? '';
  const parts = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    authorization,
  );
  if (!parts) return { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const [, credential = '', signedHeaders = '', signature = ''] = parts;
  const [accessKeyId, day, region, scopeService, terminator] = credential.split('/');
  if (accessKeyId !== LOCAL_AWS.credentials.accessKeyId)
    return { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (
    region !== LOCAL_AWS.region ||
    scopeService !== service ||
    terminator !== 'aws4_request' ||
    !amzDate.startsWith(day ?? '-')
  )
    return {
      type: 'InvalidSignatureException',
      message: `Credential should be scoped to ${LOCAL_AWS.region}/${service}.`,
    };
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname
    .split('/')
    .map((segment) => uriEncode(segment))
    .join('/');
  const query = [...url.searchParams]
    .map(([name, value]) => `${uriEncode(name)}=${uriEncode(value)}`)
    .sort()
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [req.method, path, query, headers, signedHeaders, sha256(body)].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = [day, region, service, 'aws4_request'].reduce(
    (signing: string | Buffer, part) => hmac(signing, part as string),
    `AWS4${LOCAL_AWS.credentials.secretAccessKey}`,
  );
  const expected = hmac(key, stringToSign).toString('hex');
  return timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
    ? null
    : {
        type: 'InvalidSignatureException',
        message:
          'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
      };
}
