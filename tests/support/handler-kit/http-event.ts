import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { routeMatcher } from '../../../bin/local/route-matcher';
import { FUNCTION_TIMEOUT_SECONDS } from '../../../functions/runtime/dependency-budget';
import { routes } from '../../../functions/routes';

/** The signed-in user of a test request, as the JWT authorizer would have verified them. */
export interface TestCaller {
  userId: string;
  /** Cognito groups (`finance`, `no-password`). */
  groups?: readonly string[];
  /** The access token's `auth_time`: when they last signed in (defaults to now). */
  signedInAt?: Date;
}

export interface TestRequest {
  method: string;
  /** The request path, `/api/...`; its route (and path parameters) come from the route table. */
  path: string;
  /** Only needed for a path no route matches; otherwise taken from the route. */
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  /** An object is sent as JSON; a string as it is (a webhook's raw body). */
  body?: unknown;
  headers?: Record<string, string>;
  caller?: TestCaller;
}

const matchRoute = routeMatcher(routes);

/**
 * The claims API Gateway's JWT authorizer hands a function for a Cognito access token: every
 * claim as a string, an array one as `[a b]` (functions/http/caller.ts reads them back).
 */
function accessTokenClaims(caller: TestCaller): Record<string, string> {
  const authTime = Math.floor((caller.signedInAt ?? new Date()).getTime() / 1000);
  return {
    sub: caller.userId,
    username: caller.userId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: String(authTime),
    iat: String(authTime),
    exp: String(authTime + 3600),
    ...(caller.groups?.length ? { 'cognito:groups': `[${caller.groups.join(' ')}]` } : {}),
  };
}

/** The API Gateway v2 event (HTTP API, payload 2.0) a handler receives for this request, behind the JWT authorizer. */
export function httpEvent(request: TestRequest): APIGatewayProxyEventV2WithJWTAuthorizer {
  const method = request.method.toUpperCase();
  const match = matchRoute(method, request.path);
  const routeKey = match ? `${match.route.method} ${match.route.path}` : `${method} ${request.path}`;
  const pathParameters = request.pathParameters ?? match?.pathParameters;
  const rawQueryString = new URLSearchParams(request.query ?? {}).toString();
  const body =
    request.body === undefined || typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  const headers: Record<string, string> = {
    host: 'localhost',
    ...(body !== undefined && typeof request.body !== 'string' ? { 'content-type': 'application/json' } : {}),
    ...request.headers,
  };
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: request.path,
    rawQueryString,
    headers,
    queryStringParameters: request.query && Object.keys(request.query).length ? { ...request.query } : undefined,
    pathParameters: pathParameters && Object.keys(pathParameters).length ? pathParameters : undefined,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path: request.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: {
          claims: request.caller ? accessTokenClaims(request.caller) : {},
          scopes: request.caller ? ['aws.cognito.signin.user.admin'] : [],
        },
      },
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

/**
 * A Lambda context whose deadline is `timeoutMs` from now (the functions' own timeout by default),
 * so a handler that answers 503 before its timeout (answeredBeforeTimeout) behaves as deployed.
 */
export function lambdaContext(
  options: { functionName?: string; timeoutMs?: number; memoryLimitInMB?: number } = {},
): Context {
  const functionName = options.functionName ?? 'handlerUnderTest';
  const deadline = performance.now() + (options.timeoutMs ?? FUNCTION_TIMEOUT_SECONDS * 1000);
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: String(options.memoryLimitInMB ?? 512),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'test',
    getRemainingTimeInMillis: () => Math.max(0, Math.round(deadline - performance.now())),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

type HttpFunction = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyResultV2>;

/** A handler's answer with its JSON body parsed (a text body, a CSV, stays text). */
export interface TestResponse {
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read any field of any answer.
  body: any;
}

/** Calls `handler` with {@link httpEvent}(request) and a fresh {@link lambdaContext}, as API Gateway would. */
export async function callHandler(handler: HttpFunction, request: TestRequest): Promise<TestResponse> {
  const result = await handler(httpEvent(request), lambdaContext());
  if (typeof result === 'string') return { status: 200, headers: {}, body: JSON.parse(result) };
  const headers = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]),
  );
  const isJson = (headers['content-type'] ?? '').includes('json');
  return {
    status: result.statusCode ?? 200,
    headers,
    body: result.body && isJson ? JSON.parse(result.body) : result.body,
  };
}
