import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from '../runtime/dependency-budget';
import { DomainError, errorStatus } from '../domain/errors';
import { log } from '../runtime/log';

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'private, no-store' };

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyResultV2 {
  return {
    statusCode: status,
    headers: { ...jsonHeaders, ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/**
 * Only coded domain errors reach the caller; a dependency that timed out or throttled is a 503 with
 * Retry-After (ARCHITECTURE section 3); anything else is logged and becomes a plain 500.
 */
export function errorResponse(error: unknown): APIGatewayProxyResultV2 {
  if (error instanceof DomainError) {
    const { code, message, details, retryAfterSeconds } = error;
    return jsonResponse(
      errorStatus[code],
      { error: { code, message, ...(details ? { details } : {}) } },
      retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
    );
  }
  if (isDependencyUnavailable(error)) {
    log('warn', 'dependency unavailable', { error: String(error) });
    return jsonResponse(
      503,
      {
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service is busy or briefly unavailable. Please try again in a few seconds.',
        },
      },
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
  }
  log('error', 'unhandled error', { error });
  return jsonResponse(500, {
    error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
  });
}
