import { type DataPage, prerenderedFileOf } from '../domain/data-pages';

/** A fetch that gives up in time: the visitor waits on it, and CloudFront allows origin events 30 s at most. */
const FETCH_TIMEOUT_MS = 2_000;
/** A deploy replaces the loading-state pages (and invalidates them); an instance sees the new one within this. */
const KEEP_MS = 60_000;

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
