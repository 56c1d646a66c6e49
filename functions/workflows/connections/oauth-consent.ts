import { createHash, randomBytes } from 'node:crypto';
import {
  type ConsentRefusal,
  EXPIRED_CONSENT_MESSAGE,
  type OAuthConsent,
  OTHER_BROWSER_CONSENT_MESSAGE,
  providerRefusalMessage,
} from '../../domain/oauth-consent';
import { log } from '../../runtime/log';

/** Where one kind of connection keeps its consents in flight (data/). */
export interface ConsentStore {
  remember(state: string, consent: OAuthConsent, now: Date): Promise<void>;
  /** The consent of this state, once: deleted as it is read. Null if unknown or stale. */
  take(state: string, now: Date): Promise<OAuthConsent | null>;
}

/** What a provider offers for a user's consent (adapters/): its page, and the code's exchange for tokens. */
export interface ConsentProvider<Tokens> {
  /** As the user knows it: 'Zoom', 'Google Calendar'. */
  readonly label: string;
  authorizeUrl(request: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<Tokens>;
}

type TokensOf<Provider> = Provider extends ConsentProvider<infer Tokens> ? Tokens : never;

/** What the provider sends the browser back with: our state, and a code or an error. */
export interface ConsentCallback {
  state?: string;
  code?: string;
  error?: string;
}

export type ConsentResult =
  | { connected: true; userId: string }
  | { connected: false; refusal: ConsentRefusal; message: string };

/**
 * A new consent of `userId`: its state (random, kept with the PKCE verifier and the browser's
 * binding) and the provider's page to send the browser to.
 */
export async function startConsent(
  store: ConsentStore,
  provider: ConsentProvider<unknown>,
  consent: { userId: string; browserHash: string; redirectUri: string },
  now: Date,
): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  const codeVerifier = randomBytes(48).toString('base64url');
  await store.remember(state, { userId: consent.userId, codeVerifier, browserHash: consent.browserHash }, now);
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  return provider.authorizeUrl({ state, codeChallenge, redirectUri: consent.redirectUri });
}

/**
 * The provider's answer: the state is taken (used once, whoever brings it), must come back in the
 * browser that started it, and its code is exchanged server-side; `keep` stores the tokens. A
 * provider this deployment has no longer (null) makes every consent of it expired.
 */
export async function finishConsent<Provider extends ConsentProvider<unknown>>(
  store: ConsentStore,
  provider: Provider | null,
  callback: ConsentCallback & { redirectUri: string; isThisBrowser: (browserHash: string) => boolean },
  keep: (userId: string, tokens: TokensOf<Provider>, provider: Provider) => Promise<void>,
  now: Date,
): Promise<ConsentResult> {
  const refused = (refusal: ConsentRefusal, message: string): ConsentResult => ({ connected: false, refusal, message });
  const consent = callback.state ? await store.take(callback.state, now) : null;
  if (!provider || !consent) return refused('expired', EXPIRED_CONSENT_MESSAGE);
  if (!callback.isThisBrowser(consent.browserHash)) {
    log('warn', 'OAuth consent came back in another browser', { userId: consent.userId, provider: provider.label });
    return refused('other_browser', OTHER_BROWSER_CONSENT_MESSAGE);
  }
  if (callback.error || !callback.code) {
    const refusal = callback.error === 'access_denied' ? 'denied' : 'incomplete';
    return refused(refusal, providerRefusalMessage(refusal, provider.label));
  }
  try {
    const tokens = (await provider.exchangeCode(
      callback.code,
      consent.codeVerifier,
      callback.redirectUri,
    )) as TokensOf<Provider>;
    await keep(consent.userId, tokens, provider);
  } catch (error) {
    log('error', `${provider.label} connection failed`, { userId: consent.userId, error: String(error) });
    return refused('unreachable', providerRefusalMessage('unreachable', provider.label));
  }
  return { connected: true, userId: consent.userId };
}
