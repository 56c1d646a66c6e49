import { siteOrigin } from '../runtime/site';
import type { ConsentResult } from '../workflows/connections/oauth-consent';
import { bindToBrowser, clearBrowserBinding, isSameBrowser } from './browser-binding';
import type { HttpEvent, HttpResult } from './handler';

/** As long as data/ keeps a consent's state: the binding has no use after. */
const CONSENT_SECONDS = 10 * 60;

/** The browser's side of one kind of connection's consent (workflows/connections/oauth-consent.ts). */
export interface ConsentPages {
  /** Names the binding's cookie: one consent of each kind in flight per browser. */
  purpose: string;
  /** `zoom`: the browser goes back to the settings page with `zoom=connected` or `zoom_error=…`. */
  resultParameter: string;
  /** The rest of the settings page's query: the tab the connection is on. */
  settingsQuery?: Record<string, string>;
}

/** `POST …`: the provider's consent page (`start` keeps the state with the binding's hash), and the binding's cookie. */
export async function consentStarted(
  pages: ConsentPages,
  start: (browserHash: string) => Promise<string>,
): Promise<HttpResult> {
  const binding = bindToBrowser(pages.purpose, CONSENT_SECONDS);
  return { status: 200, body: { url: await start(binding.hash) }, headers: { 'set-cookie': binding.setCookie } };
}

/**
 * `GET …/callback`: the provider sends the browser here after consent, and it goes on to the
 * settings page with the result. The binding ends, unless the state was another browser's: this
 * browser's own consent in flight, if any, keeps its cookie.
 */
export async function consentFinished(
  pages: ConsentPages,
  event: HttpEvent,
  finish: (isThisBrowser: (browserHash: string) => boolean) => Promise<ConsentResult>,
): Promise<HttpResult> {
  const result = await finish((browserHash) => isSameBrowser(event, pages.purpose, browserHash));
  const outcome = result.connected
    ? { [pages.resultParameter]: 'connected' }
    : { [`${pages.resultParameter}_error`]: result.message };
  return {
    status: 302,
    headers: {
      location: `${siteOrigin()}/settings?${new URLSearchParams({ ...pages.settingsQuery, ...outcome })}`,
      ...(!result.connected && result.refusal === 'other_browser'
        ? {}
        : { 'set-cookie': clearBrowserBinding(pages.purpose) }),
    },
  };
}
