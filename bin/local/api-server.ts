import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { FUNCTION_TIMEOUT_SECONDS } from '../../functions/runtime/dependency-budget';
import { ORIGIN_HEADER } from '../../functions/adapters/origin-secret';
import { DEFAULT_MEMORY_MB, routes, type Route } from '../../functions/routes';
import type { RuntimeConfig } from '../../functions/schemas/config';
import { toApiGatewayEvent } from './api-event';
import type { Claims } from './authorizer';
import { FunctionTimedOut, withinFunctionTimeout } from './function-timeout';
import { mailboxPage, readMailbox } from './mailbox';
import { lambdaHandler } from './lambda-modules';
import { isPagePath, routeMatcher } from './route-matcher';
import { S3RVER_CLIENT } from './s3';
import { type LocalClock, serveClock } from './clock';
import { serveZoomStandIn } from './zoom-standin';
import { serveCalendlyStandIn } from './calendly-standin';
import { serveStripeStandIn } from './stripe-standin';
import type { CalendarStandInStore } from './calendar-standin-store';
import { serveCalendarStandIns } from './calendar-standins';
import { newNpiStandInState, serveNpiStandIn } from './npi-standin';
import { type RequestLog, serveRequestLog } from './request-log';
import { LAMBDA_PATH, type LocalLambda } from './lambda-service';
import { type LocalScheduler, SCHEDULER_PATH } from './scheduler';

/** API Gateway's own limit for an HTTP API request body. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

type LambdaHandler = (event: unknown, context: Context) => Promise<APIGatewayProxyResultV2>;

export interface ApiServerOptions {
  port: number;
  config: RuntimeConfig;
  authorize: (authorization: string | undefined) => Promise<Claims | null>;
  mailboxFile: string;
  media: { endpoint: string; bucket: string };
  /** What CloudFront adds to every request it forwards (functions/adapters/origin-secret.ts). */
  originSecret: string;
  /** What the Google, Microsoft, Zoom and Calendly stand-ins remember. */
  calendarStandIns: CalendarStandInStore;
  /** What the stand-ins served here answered the product's adapters (`/_local/logs`). */
  requestLog: RequestLog;
  /** EventBridge Scheduler's and Lambda's APIs, at `/_local/scheduler` and `/_local/lambda`. */
  scheduler: LocalScheduler;
  lambda: LocalLambda;
  /** The stack's one clock, at `/_local/clock`. */
  clock: LocalClock;
}

/**
 * A test control: the path behind it as if called at API Gateway's own execute-api address,
 * without CloudFront's origin header, so the API's refusal of such calls can be seen locally.
 */
export const EXECUTE_API_PREFIX = '/_local/execute-api';

function lambdaContext(requestId: string, route: Route, deadline: number): Context {
  return {
    awsRequestId: requestId,
    functionName: route.operation,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${route.operation}`,
    memoryLimitInMB: String(route.memoryMb ?? DEFAULT_MEMORY_MB),
    logGroupName: `/local/${route.operation}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_REQUEST_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(status, headers);
  res.end(body);
}

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, JSON.stringify(body), {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });

function writeLambdaResult(res: ServerResponse, result: APIGatewayProxyResultV2) {
  const structured: APIGatewayProxyStructuredResultV2 =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? result
      : { statusCode: 200, body: JSON.stringify(result), headers: { 'content-type': 'application/json' } };
  const headers = Object.fromEntries(Object.entries(structured.headers ?? {}).map(([k, v]) => [k, String(v)]));
  const body = structured.isBase64Encoded ? Buffer.from(structured.body ?? '', 'base64') : (structured.body ?? '');
  send(res, structured.statusCode ?? 200, body, headers);
}

/**
 * The local stand-in for CloudFront + API Gateway: `/api/*` and the page routes (`/coaches`) run the
 * same handler modules from the same route table (with the JWT authorizer in front of 'user' routes), `/config.json` the
 * runtime config, `/media/*` the media bucket, `/_local/*` the local mailbox and the Stripe, Zoom, Calendly and NPI Registry
 * stand-ins, and EventBridge Scheduler's and Lambda's APIs.
 */
export function startApiServer(options: ApiServerOptions): Promise<http.Server> {
  const match = routeMatcher(routes);
  const s3 = new S3Client({ ...S3RVER_CLIENT, endpoint: options.media.endpoint });
  const npiRegistry = newNpiStandInState();

  async function serveApi(req: IncomingMessage, res: ServerResponse, url: URL, throughCloudFront: boolean) {
    // CloudFront overwrites a viewer's header of the same name with its own.
    if (throughCloudFront) req.headers[ORIGIN_HEADER] = options.originSecret;
    const found = match(req.method ?? 'GET', url.pathname);
    if (!found) return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    const body = await readBody(req);
    if (body === null) return sendJson(res, 413, { message: 'Request Entity Too Large' });
    let claims: Claims | null = null;
    if (found.route.auth === 'user') {
      claims = await options.authorize(req.headers.authorization);
      // API Gateway's JWT authorizer answers this itself, before any Lambda runs.
      if (!claims) return sendJson(res, 401, { message: 'Unauthorized' });
    }
    const event = toApiGatewayEvent(req, url, body, found, claims);
    const handler = (await lambdaHandler(found.route.operation)) as LambdaHandler;
    const timeoutMs = FUNCTION_TIMEOUT_SECONDS * 1000;
    const context = lambdaContext(event.requestContext.requestId, found.route, Date.now() + timeoutMs);
    try {
      writeLambdaResult(res, await withinFunctionTimeout(handler(event, context)));
    } catch (error) {
      // A Lambda that runs out of time is a function error, which API Gateway answers with a bare 500.
      if (!(error instanceof FunctionTimedOut)) throw error;
      sendJson(res, 500, { message: 'Internal Server Error' });
    }
  }

  async function serveMedia(res: ServerResponse, url: URL) {
    const key = decodeURIComponent(url.pathname.slice(1));
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: options.media.bucket, Key: key }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      send(res, 200, bytes, {
        'content-type': object.ContentType ?? 'application/octet-stream',
        'cache-control': 'public, max-age=31536000, immutable',
      });
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
        return send(res, 404, 'Not found');
      throw error;
    }
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/config.json') return sendJson(res, 200, options.config);
    if (url.pathname.startsWith('/api/') || url.pathname === '/api' || isPagePath(url.pathname))
      return serveApi(req, res, url, true);
    if (url.pathname.startsWith(`${EXECUTE_API_PREFIX}/`))
      return serveApi(req, res, new URL(url.pathname.slice(EXECUTE_API_PREFIX.length) + url.search, url), false);
    if (url.pathname.startsWith('/media/')) return serveMedia(res, url);
    if (url.pathname.startsWith('/_local/stripe/')) return serveStripeStandIn(req, res, url);
    if (url.pathname.startsWith('/_local/zoom/'))
      return serveZoomStandIn(req, res, url, options.calendarStandIns, options.requestLog);
    if (url.pathname.startsWith('/_local/calendly/'))
      return serveCalendlyStandIn(
        req,
        res,
        url,
        options.calendarStandIns,
        options.requestLog,
        `http://127.0.0.1:${options.port}`,
      );
    if (url.pathname.startsWith('/_local/google/') || url.pathname.startsWith('/_local/microsoft/'))
      return serveCalendarStandIns(req, res, url, options.calendarStandIns, options.requestLog);
    if (url.pathname.startsWith('/_local/npi/')) return serveNpiStandIn(req, res, url, npiRegistry, options.requestLog);
    if (url.pathname.startsWith(`${SCHEDULER_PATH}/`)) return options.scheduler.serve(req, res, url);
    if (url.pathname.startsWith(`${LAMBDA_PATH}/`)) return options.lambda.serve(req, res, url);
    if (url.pathname === '/_local/clock') return serveClock(req, res, options.clock);
    if (url.pathname === '/_local/logs') return serveRequestLog(req, res, url, options.requestLog);
    if (url.pathname === '/_local/mail') return sendJson(res, 200, await readMailbox(options.mailboxFile));
    if (url.pathname === '/_local/mailbox') {
      const page = mailboxPage(await readMailbox(options.mailboxFile));
      return send(res, 200, page, { 'content-type': 'text/html; charset=utf-8' });
    }
    sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
  }

  return new Promise((resolve, reject) => {
    const server = http.createServer((req, res) => {
      serve(req, res).catch((error: unknown) => {
        console.error('[local api]', error);
        if (!res.headersSent) sendJson(res, 500, { error: { code: 'INTERNAL', message: 'Local server error' } });
        else res.end();
      });
    });
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve(server));
  });
}
