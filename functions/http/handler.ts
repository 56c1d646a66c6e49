import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type * as z from '../schemas/zod';
import { answeredBeforeTimeout } from '../runtime/dependency-budget';
import { integrationSecretsLoaded } from '../adapters/integration-secrets';
import { cameThroughCloudFront, ORIGIN_HEADER } from '../adapters/origin-secret';
import { DomainError } from '../domain/errors';
import { callerOf, type Caller } from './caller';
import { isSuspended } from '../data/profiles';
import type { BusinessMetric } from '../runtime/metrics';
import { observedHandler } from '../runtime/observed-handler';
import { errorResponse, jsonResponse } from './responses';
import { requestLog } from './request-log';
import { parseJsonBody } from './json-body';
import { requireStaff, type StaffGroup } from './support';
import { validate } from './validate';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export interface HttpResult {
  status: number;
  body?: unknown;
  /** A body sent as is instead of JSON (a CSV download); `headers` name its content type. */
  text?: string;
  headers?: Record<string, string>;
}

interface InputSchemas {
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  path?: z.ZodMiniType;
}

type Parsed<S extends InputSchemas, K extends keyof InputSchemas> = S[K] extends z.ZodMiniType
  ? z.output<S[K]>
  : undefined;

export interface HandlerInput<S extends InputSchemas, Auth extends boolean> {
  body: Parsed<S, 'body'>;
  query: Parsed<S, 'query'>;
  path: Parsed<S, 'path'>;
  caller: Auth extends true ? Caller : Caller | null;
  event: HttpEvent;
  /** The invocation's Lambda context (its request id and remaining time). */
  context: Context;
  now: Date;
}

interface HandlerOptions<S extends InputSchemas, Auth extends boolean> {
  schemas?: S;
  /** True when the route sits behind the JWT authorizer: the handler then always has a caller. */
  auth?: Auth;
  /**
   * A staff route (http/support.ts): only these groups, with two-step verification, get past it, and
   * before any input is read, so an outsider learns nothing from how the route validates.
   */
  staff?: readonly StaffGroup[];
  /** Counted whenever the operation answers 5xx (the Stripe webhook: an event not applied). */
  failureMetric?: BusinessMetric;
}

/**
 * Wraps an operation in the one middleware stack every handler shares, in this order:
 * Lambda context and trace (observedHandler) → request log → error mapping → the origin check (the
 * request came through CloudFront) → the staff guard (staff routes) → JSON body
 * (size-limited) → validation → the operation, which answers 503 rather than run into the
 * function's timeout.
 */
export function httpHandler<S extends InputSchemas = Record<never, never>, Auth extends boolean = false>(
  options: HandlerOptions<S, Auth>,
  operation: (input: HandlerInput<S, Auth>) => Promise<HttpResult>,
) {
  const schemas: InputSchemas = options.schemas ?? {};
  const run = (event: HttpEvent, context: Context) =>
    answeredBeforeTimeout(context, () => runOperation(event, context));
  const runOperation = async (event: HttpEvent, context: Context): Promise<APIGatewayProxyResultV2> => {
    if (!(await cameThroughCloudFront(event.headers?.[ORIGIN_HEADER])))
      throw new DomainError('FORBIDDEN', "Requests reach the API through the site's own address only.");
    await integrationSecretsLoaded();
    const caller = callerOf(event);
    if (options.auth && !caller) throw new DomainError('UNAUTHORIZED', 'Sign in to continue.');
    // Suspending disables the account in Cognito, but an access token it issued stays valid at the authorizer for up to an hour.
    if (options.auth && caller && (await isSuspended(caller.userId)))
      throw new DomainError('ACCOUNT_SUSPENDED', 'Your account is suspended. Contact support.');
    if (options.staff) await requireStaff(event, options.staff);
    const input = {
      body: schemas.body ? validate(schemas.body, parseJsonBody(event), 'body') : undefined,
      query: schemas.query ? validate(schemas.query, event.queryStringParameters ?? {}, 'query') : undefined,
      path: schemas.path ? validate(schemas.path, event.pathParameters ?? {}, 'path') : undefined,
      caller,
      event,
      context,
      now: new Date(),
    } as HandlerInput<S, Auth>;
    const result = await operation(input);
    if (result.text !== undefined) return { statusCode: result.status, headers: result.headers, body: result.text };
    return jsonResponse(result.status, result.body, result.headers);
  };
  return observedHandler<HttpEvent, APIGatewayProxyResultV2>()
    .use(requestLog(options.failureMetric))
    .use({
      onError: async (request) => {
        request.response = errorResponse(request.error);
      },
    })
    .handler(run);
}
