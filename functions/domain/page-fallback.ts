import type { DataPage } from './data-pages';

/**
 * What a visitor gets when a page route fails: its screen's loading-state page (the template the page
 * function renders into, at prerenderedFileOf(page) with the deployment's config), which paints and then asks the API like any
 * page of the app. Never the API's JSON error body. Applied at the edge (Lambda@Edge on the page
 * behaviours' origin responses: page-fallback-edge.ts) and by the local production-like site
 * (bin/local/built-site.ts).
 */

const DIRECTORY_PATH = '/coaches';

/** The screen a page route renders for `uri` (CloudFront's `/coaches` and `/coaches/?*` behaviours). */
export function pageOfPath(uri: string): DataPage | undefined {
  if (uri === DIRECTORY_PATH) return 'coaches';
  if (uri.startsWith(`${DIRECTORY_PATH}/`) && uri.length > DIRECTORY_PATH.length + 1) return 'coach';
  return undefined;
}

/**
 * Whether the origin's answer is a failure rather than the page: API Gateway's throttle (429), a
 * failing function or API Gateway (5xx), or the origin check refusing CloudFront (403, only when the
 * origin secret is out of step: a page route refuses nobody). A page's own refusals (404 for an
 * unknown mentor, 400 for a search too long) are HTML pages already and pass through.
 */
export const isFailedPageAnswer = (status: number) => status === 429 || status === 403 || status >= 500;

/** The screen whose loading-state page answers instead of the origin's `status` for `uri`, if it must. */
export function pageFallbackFor(status: number, uri: string): DataPage | undefined {
  return isFailedPageAnswer(status) ? pageOfPath(uri) : undefined;
}

export interface FallbackAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** When the last-resort page tells crawlers to come back. */
const RETRY_SECONDS = 10;

/**
 * Only when the loading-state page itself cannot be had: no script can load the app without the
 * build's hashed file names, so a plain page with a link to try again (no inline script or style, as
 * the CSP wants; no timed refresh, which axe and WCAG 2.2.1 refuse). 503 with Retry-After tells
 * crawlers to come back rather than index it.
 */
const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Physician Mentors</title>
</head>
<body>
<main>
<h1>Physician Mentors</h1>
<p>This page is busy right now. Please try again in a few seconds.</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>
`;

/**
 * The answer in place of a failed page route: its loading-state page (200, never cached, so the page
 * route answers again as soon as it can), or, without one, the last-resort page.
 */
export function fallbackAnswer(loadingPage: string | undefined): FallbackAnswer {
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
  if (loadingPage !== undefined) return { status: 200, headers, body: loadingPage };
  return { status: 503, headers: { ...headers, 'retry-after': String(RETRY_SECONDS) }, body: UNAVAILABLE_PAGE };
}
