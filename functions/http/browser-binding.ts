import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HttpEvent } from './handler';

/**
 * Ties an OAuth consent to the browser that started it. The start answers with an HttpOnly,
 * SameSite=Lax cookie holding a random nonce, and only its hash is kept with the `state`; the
 * callback (a top-level navigation back from the provider, which Lax cookies travel with) must
 * bring the same cookie. A `state` or code that leaks into another browser is then worthless
 * there, even to a signed-in user. Lax, not Strict: Strict cookies stay behind on the provider's
 * cross-site redirect.
 */
export interface BrowserBinding {
  /** Store this with the state. */
  hash: string;
  /** Send this as the start's `set-cookie`. */
  setCookie: string;
}

const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

/** `__Host-`: the browser keeps the cookie only for this origin, Secure and Path=/. */
const cookieName = (purpose: string) => `__Host-pm-${purpose}`;

export function bindToBrowser(purpose: string, maxAgeSeconds: number): BrowserBinding {
  const nonce = randomBytes(24).toString('base64url');
  return {
    hash: hashOf(nonce),
    setCookie: `${cookieName(purpose)}=${nonce}; Max-Age=${maxAgeSeconds}; Path=/; Secure; HttpOnly; SameSite=Lax`,
  };
}

/** Whether the request carries the cookie whose nonce hashes to `hash`. */
export function isSameBrowser(event: HttpEvent, purpose: string, hash: string): boolean {
  const prefix = `${cookieName(purpose)}=`;
  const cookies = event.cookies ?? event.headers.cookie?.split(';').map((cookie) => cookie.trim()) ?? [];
  return cookies.some((cookie) => {
    if (!cookie.startsWith(prefix)) return false;
    const presented = Buffer.from(hashOf(cookie.slice(prefix.length)));
    const expected = Buffer.from(hash);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  });
}

/** Ends the binding once the consent came back, used or not. */
export const clearBrowserBinding = (purpose: string) =>
  `${cookieName(purpose)}=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax`;
