import { invalidRequest } from './errors';

/** Stripe's test-mode limit: 25 requests a second to one endpoint. */
export const REQUESTS_PER_SECOND = 25;

/**
 * Counts each endpoint's requests over the last second and refuses one more than the limit with
 * Stripe's 429 `rate_limit` (which its clients do not retry by themselves).
 */
export function rateLimiter(now: () => number = Date.now) {
  const recent = new Map<string, number[]>();
  return function admit(endpoint: string): void {
    const since = now() - 1000;
    const times = (recent.get(endpoint) ?? []).filter((time) => time > since);
    if (times.length >= REQUESTS_PER_SECOND) {
      recent.set(endpoint, times);
      throw invalidRequest(
        'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
        { code: 'rate_limit', status: 429 },
      );
    }
    recent.set(endpoint, [...times, now()]);
  };
}
