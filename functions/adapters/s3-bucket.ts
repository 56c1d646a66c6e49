import { HttpRequest } from '@smithy/core/protocols';
import { NodeHttpHandler, streamCollector } from '@smithy/node-http-handler';
import { awsClientSettings, isDependencyUnavailable } from '../runtime/dependency-budget';
import { timedCall } from '../runtime/dependency-latency';
import { requiredEnvironment } from './required-environment';
import { type S3Endpoint, s3EndpointFromEnvironment } from './s3-endpoint';

/** One object as read: its bytes and the ETag that a later conditional read can name. */
export interface S3ObjectRead {
  etag: string;
  body: Uint8Array;
}

/**
 * The object requests the functions make to one bucket, over S3's REST API with the SDK's signer
 * (s3-endpoint.ts says why not the S3 client), timed as every dependency call is and given the same
 * timeouts and attempts as the AWS SDK clients (runtime/dependency-budget.ts).
 */
export interface S3Bucket {
  /** Null when there is no such object; `unchanged` when it still carries the ETag `ifNoneMatch`. */
  get(key: string, ifNoneMatch?: string): Promise<S3ObjectRead | 'unchanged' | null>;
  head(key: string): Promise<{ size: number } | null>;
  put(key: string, body: Uint8Array | string, headers: { contentType: string; cacheControl?: string }): Promise<void>;
  remove(key: string): Promise<void>;
}

/** An answer S3 gave that the request did not expect, named by S3's error code as the SDK names its errors. */
export class S3RequestError extends Error {
  readonly $metadata: { httpStatusCode: number };

  constructor(operation: string, status: number, code: string, message: string) {
    super(`S3 ${operation} answered ${status} ${code}${message ? `: ${message}` : ''}`);
    this.name = code;
    this.$metadata = { httpStatusCode: status };
  }
}

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: Uint8Array;
}

const xmlElement = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1] ?? '';

function unexpected(operation: string, answer: Answer): S3RequestError {
  const xml = new TextDecoder().decode(answer.body);
  // A HEAD answer has no body to carry the code.
  const code = xmlElement(xml, 'Code') || (answer.status === 404 ? 'NotFound' : `Http${answer.status}`);
  return new S3RequestError(operation, answer.status, code, xmlElement(xml, 'Message'));
}

/** 5xx, throttling, timeouts and dropped connections are tried again, as the SDK's standard retries do. */
const isTransient = (status: number) => status >= 500 || status === 429;
const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));

let sharedHandler: NodeHttpHandler | undefined;

export function s3Bucket(bucket: string, endpoint: S3Endpoint = s3EndpointFromEnvironment()): S3Bucket {
  const { maxAttempts, requestHandler } = awsClientSettings();
  sharedHandler ??= new NodeHttpHandler(requestHandler);
  const handler = sharedHandler;

  async function once(method: string, key: string, headers: Record<string, string>, body?: Uint8Array) {
    const url = new URL(endpoint.objectUrl(bucket, key));
    const request = new HttpRequest({
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      method,
      path: url.pathname,
      headers: { host: url.host, ...headers, ...(body ? { 'content-length': String(body.byteLength) } : {}) },
      body,
    });
    const { response } = await handler.handle((await endpoint.signer.sign(request)) as HttpRequest);
    const answerBody = response.body ? await streamCollector(response.body) : new Uint8Array();
    return { status: response.statusCode, headers: response.headers, body: answerBody } satisfies Answer;
  }

  /** One operation, retried while transient and timed in all, as the SDK clients are timed (runtime/dependency-latency.ts). */
  const send = (
    operation: string,
    method: string,
    key: string,
    headers: Record<string, string> = {},
    body?: Uint8Array,
  ) =>
    timedCall('S3', operation, async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          const answer = await once(method, key, headers, body);
          if (!isTransient(answer.status) || attempt >= maxAttempts) return answer;
        } catch (error) {
          if (attempt >= maxAttempts || !isDependencyUnavailable(error)) throw error;
        }
        await backoff(attempt);
      }
    });

  return {
    async get(key, ifNoneMatch) {
      const answer = await send('GetObject', 'GET', key, ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {});
      if (answer.status === 304) return 'unchanged';
      if (answer.status === 404) return null;
      const etag = answer.headers.etag;
      if (answer.status !== 200) throw unexpected('GetObject', answer);
      if (!etag) throw new Error(`S3 returned ${key} without an ETag`);
      return { etag, body: answer.body };
    },

    async head(key) {
      const answer = await send('HeadObject', 'HEAD', key);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw unexpected('HeadObject', answer);
      return { size: Number(answer.headers['content-length'] ?? 0) };
    },

    async put(key, body, { contentType, cacheControl }) {
      const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
      const headers = { 'content-type': contentType, ...(cacheControl ? { 'cache-control': cacheControl } : {}) };
      const answer = await send('PutObject', 'PUT', key, headers, bytes);
      if (answer.status !== 200) throw unexpected('PutObject', answer);
    },

    async remove(key) {
      const answer = await send('DeleteObject', 'DELETE', key);
      // Deleting a key that is not there succeeds in S3 too.
      if (answer.status !== 204 && answer.status !== 200) throw unexpected('DeleteObject', answer);
    },
  };
}

const buckets = new Map<string, S3Bucket>();

/** One client per bucket named by the environment variable `variable` (MEDIA_BUCKET, SITE_BUCKET, …). */
export function s3BucketFromEnvironment(variable: string): S3Bucket {
  const name = requiredEnvironment(variable);
  let bucket = buckets.get(name);
  if (!bucket) {
    bucket = s3Bucket(name);
    buckets.set(name, bucket);
  }
  return bucket;
}
