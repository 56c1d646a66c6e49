import { createHash, timingSafeEqual } from 'node:crypto';
import { onFirstUse } from './on-first-use';

/** The header CloudFront adds to every request it sends the API (lib/web.ts); viewers' own copies are overwritten. */
export const ORIGIN_HEADER = 'x-origin-verify';
/** Deployed: the Secrets Manager secret whose value CloudFront sends (lib/api.ts). */
export const ORIGIN_SECRET_ARN_VARIABLE = 'ORIGIN_SECRET_ARN';
/** Local stack: the value itself, which the local server adds as CloudFront would (bin/local/api-server.ts). */
export const ORIGIN_SECRET_VARIABLE = 'ORIGIN_SECRET';

/**
 * A value the API has not seen is looked up again at most this often, so forged headers cannot flood
 * Secrets Manager; a rotation waits this long before CloudFront sends its new value
 * (functions/domain/origin-secret-rotation.ts).
 */
export const RELOAD_AFTER_MS = 15_000;
/** Known values are looked up again after this long even when they match, so a retired value stops working. */
const KEEP_VALUES_MS = 5 * 60_000;
/**
 * Every value a request may carry while a rotation runs (functions/workflows/operations/rotate-origin-secret.ts): the
 * current one, the pending one CloudFront's edges switch to one by one once setSecret has changed the
 * distribution, and the previous one, which edges not yet updated may still send after finishSecret.
 */
const ACCEPTED_STAGES = ['AWSCURRENT', 'AWSPENDING', 'AWSPREVIOUS'];

const secretsManager = onFirstUse(() => import('./secret-fields'));

let known: { values: string[]; loadedAt: number } | undefined;

async function loadValues(secretArn: string, now: number): Promise<string[]> {
  const { readSecretString } = await secretsManager();
  const values = await Promise.all(ACCEPTED_STAGES.map((stage) => readSecretString(secretArn, stage)));
  known = { values: values.filter((value): value is string => Boolean(value)), loadedAt: now };
  return known.values;
}

/**
 * Whether a request came through CloudFront, which alone knows the origin secret: a call to API
 * Gateway's own execute-api address skips the web ACL and its rate rules, and is refused. Where no
 * secret is configured (unit tests of a handler), every request passes.
 */
export async function cameThroughCloudFront(headerValue: string | undefined, now = Date.now()): Promise<boolean> {
  const localValue = process.env[ORIGIN_SECRET_VARIABLE];
  const secretArn = process.env[ORIGIN_SECRET_ARN_VARIABLE];
  if (!localValue && !secretArn) return true;
  if (!headerValue) return false;
  const matches = (values: string[]) => values.some((value) => sameSecret(value, headerValue));
  if (localValue) return matches([localValue]);
  if (!secretArn) return false;
  if (!known || now - known.loadedAt >= KEEP_VALUES_MS) return matches(await loadValues(secretArn, now));
  if (matches(known.values)) return true;
  if (now - known.loadedAt < RELOAD_AFTER_MS) return false;
  return matches(await loadValues(secretArn, now));
}

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (expected: string, given: string) => timingSafeEqual(digest(expected), digest(given));
