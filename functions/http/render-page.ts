import { DomainError, errorStatus } from '../domain/errors';
import { edgeCached } from './edge-cache';
import type { HttpEvent, HttpResult } from './handler';
import { log } from '../runtime/log';
import type { RuntimeConfig } from '../schemas/config';
import { runtimeConfigIn } from '../schemas/runtime-config-html';
import type { DataPage } from '../domain/data-pages';
import { type RenderedPage, renderedInto } from '../domain/page-html';
import { pageTemplates } from '../runtime/ports/page-templates';

const HTML = { 'content-type': 'text/html; charset=utf-8' };
/** As long as the public reads it shows (functions/http/edge-cache.ts). */
const EDGE_CACHED_HTML = { ...HTML, ...edgeCached('listing') };

/** The page's address as the visitor asked for it: the route reads its filters from the query. */
export const requestedUrl = (event: HttpEvent) =>
  new URL(`${event.rawPath}${event.rawQueryString ? `?${event.rawQueryString}` : ''}`, 'https://site.invalid');

/**
 * A screen rendered with its data into its deployed template, cached at the edge like the public
 * reads it shows. When the data cannot be rendered the template itself is the answer, never a bare
 * error: the browser's app then asks the API as on any other page and shows what it finds. A refused
 * request (an unknown mentor, a search too long) keeps its status; an unexpected failure is logged
 * and left uncached.
 */
export async function renderedPage(
  page: DataPage,
  render: (config: RuntimeConfig) => Promise<RenderedPage>,
): Promise<HttpResult> {
  const template = await pageTemplates().read(page);
  try {
    const rendered = await render(runtimeConfigIn(template) as unknown as RuntimeConfig);
    return { status: 200, text: renderedInto(template, rendered), headers: EDGE_CACHED_HTML };
  } catch (error) {
    if (error instanceof DomainError)
      return { status: errorStatus[error.code], text: template, headers: EDGE_CACHED_HTML };
    log('error', 'page rendered without its data', { page, error });
    return { status: 200, text: template, headers: { ...HTML, 'cache-control': 'private, no-store' } };
  }
}
