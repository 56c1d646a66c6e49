/**
 * The HTML of a page rendered on the server, in pieces the build (scripts/prerender-plugin.ts) and the
 * page functions (functions/http/render-page.ts) share: a prerendered page marks where its rendered
 * markup sits inside #root, so a page function can put the same page with its data in that place.
 */

/** The data block main.tsx fills its query cache from before its first render (never executed, as the CSP wants). */
export const QUERY_STATE_ELEMENT_ID = 'query-state';

const MARKUP_START = '<!--page-->';
const MARKUP_END = '<!--/page-->';

/** The title and meta description a page asks for. */
export interface PageHead {
  title?: string;
  description?: string;
}

/** A page rendered by React: the markup inside #root, its head, and, with data, the query cache it was rendered from. */
export interface RenderedPage {
  html: string;
  head: PageHead;
  queryState?: unknown;
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** `html` with `page`'s title and meta description in place of its own. */
export function withPageHead(html: string, head: PageHead): string {
  let result = html;
  if (head.title)
    result = result.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(head.title ?? '')}</title>`);
  if (head.description) {
    result = result.replace(
      /<meta name="description" content="[^"]*"/,
      () => `<meta name="description" content="${escapeText(head.description ?? '')}"`,
    );
  }
  return result;
}

/** The built shell (an empty #root) with a page's markup inside #root, between the markers a page function finds. */
export function withPageMarkup(shell: string, markup: string): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error('index.html has no empty #root to prerender into');
  return shell.replace(root, () => `<div id="root">${MARKUP_START}${markup}${MARKUP_END}</div>`);
}

/**
 * A prerendered page (the loading state of a screen, with the deployment's config inlined) with `page`
 * rendered in its place: its markup, its head, and its query cache as a JSON data block after #root.
 * `<` is escaped in the JSON so no text of a profile can close the script element.
 */
export function renderedInto(template: string, page: RenderedPage): string {
  const start = template.indexOf(MARKUP_START);
  const end = template.indexOf(MARKUP_END, start);
  if (start < 0 || end < 0) throw new Error('The page template marks no prerendered markup to replace');
  const state =
    page.queryState === undefined
      ? ''
      : `<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">${JSON.stringify(page.queryState).replaceAll('<', '\\u003c')}</script>`;
  const closeRoot = template.indexOf('</div>', end);
  const html = [
    template.slice(0, start + MARKUP_START.length),
    page.html,
    template.slice(end, closeRoot + '</div>'.length),
    state,
    template.slice(closeRoot + '</div>'.length),
  ].join('');
  return withPageHead(html, page.head);
}
