/** The `error` object of Stripe's error answers. */
export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  code?: string;
  message: string;
  param?: string;
}

/** An error answer of the stand-in's Stripe API: the HTTP status and the body's `error`, as Stripe sends them. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
    /**
     * Whether Stripe saves this answer under the request's idempotency key: it does for a refusal
     * made once the endpoint began executing, not for one of parameter validation or a conflict
     * with a concurrent request (docs.stripe.com/api/idempotent_requests).
     */
    readonly kept = true,
  ) {
    super(error.message);
    this.name = 'StripeApiError';
  }
}

/** A request Stripe refuses (HTTP 400 unless said), with its error code and the parameter at fault. */
export const invalidRequest = (
  message: string,
  details: { code?: string; param?: string; status?: number; kept?: boolean } = {},
) =>
  new StripeApiError(
    details.status ?? 400,
    {
      type: 'invalid_request_error',
      message,
      ...(details.code ? { code: details.code } : {}),
      ...(details.param ? { param: details.param } : {}),
    },
    details.kept,
  );

/**
 * A parameter refused by Stripe's validation (unknown, missing, of the wrong type or out of its
 * range), before the endpoint begins executing: no answer is kept for its idempotency key.
 */
export const invalidParameter = (message: string, details: { code?: string; param?: string } = {}) =>
  invalidRequest(message, { ...details, kept: false });

/**
 * Stripe's answer for an id it does not know: 404 for the object a URL names, 400 naming the
 * parameter for one a request's parameters name.
 */
export const noSuch = (kind: string, id: string, param?: string) =>
  invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param, status: param ? 400 : 404 });

/** Stripe's own failure (HTTP 500), which its clients retry. */
export const apiError = (message = 'An unknown error occurred') =>
  new StripeApiError(500, { type: 'api_error', message });
