import type { CloudFrontHeaders, CloudFrontResponseEvent, CloudFrontResultResponse } from 'aws-lambda';
import { type DataPage, prerenderedFileOf } from '../domain/data-pages';
import { type FallbackAnswer, fallbackAnswer, pageFallbackFor } from '../domain/page-fallback';

/** A fetch that gives up in time: the visitor waits on it, and CloudFront allows origin events 30 s at most. */
const FETCH_TIMEOUT_MS = 2_000;
/** A deploy replaces the loading-state pages (and invalidates them); an instance sees the new one within this. */
const KEEP_MS = 60_000;

/** Headers CloudFront lets no origin-response function remove or change. */
const READ_ONLY_HEADERS = ['transfer-encoding', 'via'];

type FetchPage = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

/**
 * Reads a screen's loading-state page from the distribution itself (the site bucket's copy, which
 * the deploy writes with the stage's runtime config, so no build of this function can carry it:
 * Lambda@Edge has no environment variables either), keeps it a minute, and keeps an older copy
 * while the bucket cannot be read.
 */
export function deployedLoadingPages(fetchPage: FetchPage = fetch, now: () => number = Date.now) {
  const kept = new Map<string, { html: string; at: number }>();
  return async (distributionDomainName: string, page: DataPage): Promise<string | undefined> => {
    const url = `https://${distributionDomainName}${prerenderedFileOf(page)}`;
    const copy = kept.get(url);
    if (copy && now() - copy.at < KEEP_MS) return copy.html;
    try {
      const answer = await fetchPage(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!answer.ok || !answer.headers.get('content-type')?.startsWith('text/html'))
        throw new Error(`HTTP ${answer.status} ${answer.headers.get('content-type')}`);
      const html = await answer.text();
      kept.set(url, { html, at: now() });
      return html;
    } catch (error) {
      console.error(JSON.stringify({ message: 'loading-state page unavailable', url, error: String(error) }));
      return copy?.html;
    }
  };
}

/** The fallback as CloudFront's origin response: its status, body and headers, keeping the read-only ones. */
export function edgeResponse(original: CloudFrontHeaders, answer: FallbackAnswer): CloudFrontResultResponse {
  const headers: CloudFrontHeaders = Object.fromEntries(
    Object.entries(original).filter(([name]) => READ_ONLY_HEADERS.includes(name)),
  );
  for (const [name, value] of Object.entries(answer.headers)) headers[name] = [{ value }];
  return {
    status: String(answer.status),
    statusDescription: answer.status === 200 ? 'OK' : 'Service Unavailable',
    headers,
    bodyEncoding: 'text',
    body: answer.body,
  };
}

/** The origin-response function of the page behaviours: a throttled or failed page becomes its loading-state page. */
export function pageFallbackHandler(loadingPage = deployedLoadingPages()) {
  return async (event: CloudFrontResponseEvent): Promise<CloudFrontResultResponse> => {
    const record = event.Records[0];
    if (!record) throw new Error('An origin-response event without a record');
    const { config, request, response } = record.cf;
    const page = pageFallbackFor(Number(response.status), request.uri);
    if (!page) return response;
    return edgeResponse(response.headers, fallbackAnswer(await loadingPage(config.distributionDomainName, page)));
  };
}

export const handler = pageFallbackHandler();
