/**
 * One OAuth consent, whatever it connects (Zoom, Calendly, a mentor's Google or Microsoft
 * calendar): the authorization-code flow with PKCE, its `state` kept once and briefly, and bound to
 * the browser that started it (http/browser-binding.ts). The flow itself is
 * workflows/connections/oauth-consent.ts.
 */

/** A consent in flight, kept under its `state` until the provider sends the browser back. */
export interface OAuthConsent {
  userId: string;
  /** PKCE: only its S256 hash went to the provider; the code is exchanged with it. */
  codeVerifier: string;
  /** The hash of the nonce in the starting browser's cookie. */
  browserHash: string;
}

/** Why a callback connected nothing, and what the settings page tells the user. */
export type ConsentRefusal = 'expired' | 'other_browser' | 'denied' | 'incomplete' | 'unreachable';

/** An unknown, used or stale state, or one of a provider this deployment no longer has. */
export const EXPIRED_CONSENT_MESSAGE = 'This connection link has expired. Please try again.';
export const OTHER_BROWSER_CONSENT_MESSAGE =
  'This connection was started in another browser. Please connect again from here.';

/** The provider's own answer, `label` naming it as the user knows it ('Zoom', 'Google Calendar'). */
export function providerRefusalMessage(refusal: 'denied' | 'incomplete' | 'unreachable', label: string): string {
  switch (refusal) {
    case 'denied':
      return `${label} access was not granted.`;
    case 'incomplete':
      return `${label} did not complete the connection.`;
    case 'unreachable':
      return `${label} could not be reached. Please try again.`;
  }
}
