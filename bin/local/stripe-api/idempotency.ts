import { StripeApiError, invalidRequest } from './errors';

/** What the API answered: kept per key, sent again for the same request. */
export interface Answer {
  status: number;
  body: string;
}

interface Entry {
  endpoint: string;
  parameters: string;
  answer?: Answer;
  at: number;
}

/** Stripe keeps a key's answer for at least 24 hours. */
const KEPT_MS = 24 * 60 * 60_000;

/** Parameters compared by their meaning, not by the order a client wrote them in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const fields = Object.keys(value).sort();
    return `{${fields.map((field) => `${JSON.stringify(field)}:${canonical((value as Record<string, unknown>)[field])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Stripe's idempotency keys: a POST with a key it has seen answers the first answer again (with
 * `Idempotent-Replayed: true`) when its endpoint and parameters are the same, and is refused
 * (400 `idempotency_error`) when they are not; one sent while the first is still running gets 409.
 * An answer is kept for 24 hours once the endpoint began executing, whatever it is: a success, a
 * refusal (a 4xx such as a `balance_insufficient` transfer, so a retry under the same key is refused
 * again) or Stripe's own failure (a 500). A request refused before it ran (parameter validation,
 * authentication, the rate limit, a conflict with a concurrent request: thrown by `run` or before
 * it) keeps nothing, so it may be sent again with the same key (docs.stripe.com/api/idempotent_requests).
 */
export function idempotencyKeys(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const forget = () => {
    for (const [key, entry] of entries) if (now() - entry.at > KEPT_MS) entries.delete(key);
  };
  return async function withKey(
    key: string,
    request: { endpoint: string; parameters: unknown },
    run: () => Promise<Answer>,
  ): Promise<Answer & { replayed: boolean }> {
    forget();
    if (key.length > 255) throw invalidRequest('Idempotency-Key can be at most 255 characters long.');
    const parameters = canonical(request.parameters);
    const earlier = entries.get(key);
    if (earlier) {
      const differs =
        earlier.endpoint !== request.endpoint
          ? `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${earlier.endpoint}' vs '${request.endpoint}').`
          : earlier.parameters !== parameters
            ? 'Keys for idempotent requests can only be used with the same parameters they were first used with.'
            : null;
      if (differs) {
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message: `${differs} Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      if (!earlier.answer) {
        throw new StripeApiError(409, {
          type: 'idempotency_error',
          code: 'idempotency_key_in_use',
          message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        });
      }
      return { ...earlier.answer, replayed: true };
    }
    const entry: Entry = { endpoint: request.endpoint, parameters, at: now() };
    entries.set(key, entry);
    try {
      entry.answer = await run();
      return { ...entry.answer, replayed: false };
    } catch (error) {
      entries.delete(key);
      throw error;
    }
  };
}
